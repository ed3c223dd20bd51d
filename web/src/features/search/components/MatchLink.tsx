/**
 * One message found, as a link to its conversation opened at it (`/?ticket=&message=`): who wrote
 * it ("Cliente", "Equipe", or an internal note, amber with a lock as in the inbox), when, and the
 * snippet with the words found marked.
 */
import { Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/dates';
import type { Match } from '../api/schemas';
import { authorLabel, conversationAt, formatMatchTime, INTERNAL_KIND } from '../format';
import classes from './search.module.css';
import { Snippet } from './Snippet';

export interface MatchLinkProps {
  ticketId: number;
  match: Match;
  now: Date;
}

export function MatchLink({ ticketId, match, now }: MatchLinkProps) {
  const internal = match.kind === INTERNAL_KIND;
  return (
    <Link
      to={conversationAt(ticketId, match.id)}
      className={classes.match}
      data-kind={match.kind}
      data-direction={match.direction}
      data-message-id={match.id}
    >
      <Group gap={6} wrap="wrap" mb={2}>
        {internal ? <IconLock size={14} aria-hidden className={classes.internalLabel} /> : null}
        <Text size="xs" fw={700} span className={internal ? classes.internalLabel : undefined}>
          {authorLabel(match)}
        </Text>
        <Text size="xs" c="dimmed" span aria-hidden>
          ·
        </Text>
        <Text size="xs" c="dimmed" component="time" dateTime={match.sentAt} title={formatDateTime(match.sentAt)}>
          {formatMatchTime(match.sentAt, now)}
        </Text>
      </Group>
      <Snippet parts={match.snippet} />
    </Link>
  );
}
