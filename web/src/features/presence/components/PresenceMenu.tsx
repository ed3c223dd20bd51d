/**
 * The header's status control (next to the account menu): the caller's presence as a dot and a
 * word ("Disponível" / "Ausente"; the dot alone on phones), and a menu of every status of
 * lib/presence.ts, each with what it means. Choosing one calls the server (hooks/use-own-presence.ts).
 */
import { Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { PresenceDot } from '../../../components/PresenceDot';
import { PRESENCE_STATUSES, PRESENCE_STATUSES_IN_ORDER, presenceOf, type PresenceStatus } from '../../../lib/presence';
import { useSetOwnPresence } from '../hooks/use-own-presence';
import classes from './PresenceMenu.module.css';

export interface PresenceMenuProps {
  /** The caller's `isConnected` from the user info; undefined while it loads (nothing is shown). */
  isConnected: boolean | undefined;
}

function isPresenceStatus(value: string): value is PresenceStatus {
  return (PRESENCE_STATUSES_IN_ORDER as readonly string[]).includes(value);
}

export function PresenceMenu({ isConnected }: PresenceMenuProps) {
  const setPresence = useSetOwnPresence();
  if (isConnected === undefined) return null;
  const current = PRESENCE_STATUSES[presenceOf(isConnected)];

  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        {/* Named by what it shows (WCAG 2.5.3): "Status: Disponível" holds the word on screen. */}
        <UnstyledButton className={classes.trigger} aria-label={`Status: ${current.label}`}>
          <PresenceDot status={current.status} />
          <Text size="sm" fw={500} visibleFrom="sm">
            {current.label}
          </Text>
          <IconChevronDown size={14} className={classes.chevron} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Seu status</Menu.Label>
        <Menu.RadioGroup
          value={current.status}
          onChange={(value) => {
            if (isPresenceStatus(value) && value !== current.status) setPresence.mutate(value);
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
  );
}
