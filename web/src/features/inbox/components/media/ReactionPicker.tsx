/** "Reagir": eight common emojis, the viewer's own marked, and "Remover reação" when there is one. */
import { ActionIcon, Button, Group, Popover, Tooltip, UnstyledButton } from '@mantine/core';
import { IconMoodSmile } from '@tabler/icons-react';
import { useState } from 'react';
import { REACTION_EMOJIS } from './format';
import classes from './media.module.css';

export interface ReactionPickerProps {
  /** The viewer's reaction on the message ('' for none). */
  current: string;
  onPick: (emoji: string) => void;
}

export function ReactionPicker({ current, onPick }: ReactionPickerProps) {
  const [opened, setOpened] = useState(false);
  function pick(emoji: string) {
    setOpened(false);
    onPick(emoji);
  }
  return (
    <Popover opened={opened} onChange={setOpened} position="top" withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Tooltip label="Reagir" disabled={opened}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={32}
            aria-label="Reagir"
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => setOpened((o) => !o)}
          >
            <IconMoodSmile size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={6} role="dialog" aria-label="Escolha uma reação">
        <Group gap={2} wrap="wrap" maw={232}>
          {REACTION_EMOJIS.map((emoji) => (
            <UnstyledButton
              key={emoji}
              className={classes.emoji}
              data-selected={emoji === current || undefined}
              aria-pressed={emoji === current}
              aria-label={`Reagir com ${emoji}`}
              onClick={() => pick(emoji === current ? '' : emoji)}
            >
              {emoji}
            </UnstyledButton>
          ))}
        </Group>
        {current !== '' ? (
          <Button size="compact-xs" variant="subtle" color="gray" mt={4} fullWidth onClick={() => pick('')}>
            Remover reação
          </Button>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
