/**
 * The dot of a presence status (lib/presence.ts): filled teal for online, filled orange for ausente,
 * a grey ring for offline, so shape and colour both tell them apart. Decorative: the status is always said in words beside it or in
 * the control's name.
 */
import { Box } from '@mantine/core';
import { PRESENCE_STATUSES, type PresenceStatus } from '../lib/presence';
import classes from './PresenceDot.module.css';

export function PresenceDot({ status }: { status: PresenceStatus }) {
  const info = PRESENCE_STATUSES[status];
  return (
    <Box
      component="span"
      aria-hidden
      className={classes.dot}
      data-hollow={info.hollow || undefined}
      __vars={{ '--presence-color': info.dotColor }}
    />
  );
}
