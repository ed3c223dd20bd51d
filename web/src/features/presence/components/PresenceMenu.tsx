/**
 * The header's status control (next to the account menu): the caller's status as a dot and words
 * ("Disponível", "Ausente · Almoço desde 12:30", "Offline desde 18:05"; the dot alone on phones, the
 * words in its name), and a menu of the three statuses of lib/presence.ts, each with what it means.
 * Choosing Disponível or Offline calls the server at once (hooks/use-own-presence.ts); choosing
 * Ausente asks for an optional reason first (AwayReasonDialog), and choosing it again while away
 * changes the reason (the absence keeps its start).
 */
import { Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useState, useSyncExternalStore } from 'react';
import { PresenceDot } from '../../../components/PresenceDot';
import {
  isAgentStatus,
  ownStatusOfUserInfo,
  PRESENCE_STATUSES,
  PRESENCE_STATUSES_IN_ORDER,
  presenceOf,
  sinceText,
  statusText,
  type OwnStatus,
} from '../../../lib/presence';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/query-keys';
import { useSetOwnPresence } from '../hooks/use-own-presence';
import { AwayReasonDialog } from './AwayReasonDialog';
import classes from './PresenceMenu.module.css';

export interface PresenceMenuProps {
  /** The caller's `isConnected` from the user info; undefined while it loads (nothing is shown). */
  isConnected: boolean | undefined;
}

/** The caller's status: the cached user info's `status` (written by the header and the socket). */
function useOwnStatus(isConnected: boolean | undefined): OwnStatus | null {
  // Follows the user info the navigation layout loads (never fetches it itself).
  const queryClient = useQueryClient();
  const userInfo = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => queryClient.getQueryData(CURRENT_USER_QUERY_KEY),
  );
  if (isConnected === undefined) return null;
  return ownStatusOfUserInfo(userInfo) ?? { status: presenceOf(isConnected), reason: null, since: null };
}

export function PresenceMenu({ isConnected }: PresenceMenuProps) {
  const setPresence = useSetOwnPresence();
  const own = useOwnStatus(isConnected);
  const [askingReason, setAskingReason] = useState(false);
  if (own === null) return null;
  const words = statusText(own);
  // Since when, where it says something: an absence or being offline (available is the rule).
  const since = own.status === 'online' ? null : sinceText(own.since);
  const name = `Status: ${words}${since ? ` ${since}` : ''}`;

  return (
    <>
      <Menu position="bottom-end" width={280} withinPortal>
        <Menu.Target>
          {/* Named by what it shows (WCAG 2.5.3): "Status: Ausente · Almoço desde 12:30". */}
          <UnstyledButton className={classes.trigger} aria-label={name} title={name.slice('Status: '.length)}>
            <PresenceDot status={own.status} />
            <Text component="span" size="sm" fw={500} visibleFrom="sm" className={classes.words}>
              {words}
            </Text>
            {/* The leading space keeps the visible text "Ausente · Almoço desde 12:30" equal to the name. */}
            {since ? (
              <Text component="span" size="xs" visibleFrom="md" className={classes.since}>
                {` ${since}`}
              </Text>
            ) : null}
            <IconChevronDown size={14} className={classes.chevron} aria-hidden />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Seu status</Menu.Label>
          <Menu.RadioGroup
            value={own.status}
            onChange={(value) => {
              if (!isAgentStatus(value)) return;
              // Ausente asks for the reason first (again while away: another reason, same start).
              if (value === 'ausente') setAskingReason(true);
              else if (value !== own.status) setPresence.mutate({ status: value });
            }}
          >
            {PRESENCE_STATUSES_IN_ORDER.map((status) => {
              const info = PRESENCE_STATUSES[status];
              return (
                <Menu.RadioItem
                  key={status}
                  value={status}
                  closeMenuOnClick
                  checkIcon={<IconCheck size={14} aria-hidden />}
                  // The checked Ausente opens the reason again (a radio group says nothing then).
                  onClick={status === 'ausente' && own.status === 'ausente' ? () => setAskingReason(true) : undefined}
                >
                  <Group gap="sm" wrap="nowrap">
                    <PresenceDot status={status} />
                    <Stack gap={0}>
                      <Text size="sm">{info.label}</Text>
                      <Text size="xs" className={classes.description}>
                        {info.description}
                      </Text>
                    </Stack>
                  </Group>
                </Menu.RadioItem>
              );
            })}
          </Menu.RadioGroup>
        </Menu.Dropdown>
      </Menu>
      <AwayReasonDialog
        opened={askingReason}
        initialReason={own.status === 'ausente' ? own.reason : null}
        onClose={() => setAskingReason(false)}
        onConfirm={(reason) => {
          setAskingReason(false);
          if (own.status !== 'ausente' || reason !== own.reason) setPresence.mutate({ status: 'ausente', reason });
        }}
      />
    </>
  );
}
