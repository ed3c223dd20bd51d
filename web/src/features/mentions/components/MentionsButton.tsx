/**
 * The header's "Menções" button: an at sign with the unread count as a badge (from GET
 * /api/mentions/unread, kept live by the socket: ../realtime.ts), named "Menções: 3 não lidas". It
 * opens the drawer, on "Não lidas" when some are unread, else on "Todas".
 */
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconAt } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../../../lib/session';
import { useUnreadMentions } from '../api/get-unread-mentions';
import type { Mention } from '../api/schemas';
import type { MentionFilter } from '../keys';
import { badgeText, mentionsButtonLabel } from '../labels';
import { MentionsDrawer } from './MentionsDrawer';

export interface MentionsButtonProps {
  /** Where a mention leads: its ticket in the inbox (app/layouts hands over the inbox's URL). */
  ticketPath: (mention: Mention) => string;
  /** A share was accepted or declined: what the person sees changed (the inbox's tickets). */
  onShareDecided?: () => void;
}

export function MentionsButton({ ticketPath, onShareDecided }: MentionsButtonProps) {
  const unread = useUnreadMentions().data?.unread ?? 0;
  const { userInfo } = useSession();
  const [opened, setOpened] = useState(false);
  const [filter, setFilter] = useState<MentionFilter>('unread');
  const label = mentionsButtonLabel(unread);
  const names = userInfo?.displayName ? [userInfo.displayName] : [];

  return (
    <>
      <Indicator
        inline
        size={18}
        offset={4}
        zIndex={1}
        withBorder
        disabled={unread === 0}
        label={<span aria-hidden>{badgeText(unread)}</span>}
      >
        <Tooltip label="Menções">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => {
              setFilter(unread > 0 ? 'unread' : 'all');
              setOpened(true);
            }}
          >
            <IconAt size={18} />
          </ActionIcon>
        </Tooltip>
      </Indicator>
      <MentionsDrawer
        opened={opened}
        onClose={() => setOpened(false)}
        filter={filter}
        onFilterChange={setFilter}
        unread={unread}
        ticketPath={ticketPath}
        names={names}
        onShareDecided={onShareDecided}
      />
    </>
  );
}
