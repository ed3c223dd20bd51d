/**
 * The foot of the conversation: what to write — "Responder" (to the customer) or "Anotação interna"
 * (to the staff, docs/notes.md) — and the composer for it. The reply keeps its own rules (only the
 * owner of an open ticket, or a manager, writes; otherwise the reason shows instead); a note may be
 * written by anyone who sees the ticket, whatever its status, so the choice is always there. In
 * note mode the whole area turns amber.
 */
import { Group, SegmentedControl } from '@mantine/core';
import { IconLock, IconMessage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ComposerMode } from '../composer/composer-mode';
import classes from './Inbox.module.css';

export interface ComposerAreaProps {
  mode: ComposerMode;
  onModeChange: (mode: ComposerMode) => void;
  /** The reply composer, or why the viewer may not reply. */
  reply: ReactNode;
  /** The note composer. */
  note: ReactNode;
}

const MODES = [
  {
    value: 'reply',
    label: (
      <Group gap={4} wrap="nowrap" justify="center">
        <IconMessage size={14} aria-hidden />
        <span>Responder</span>
      </Group>
    ),
  },
  {
    value: 'note',
    label: (
      <Group gap={4} wrap="nowrap" justify="center">
        <IconLock size={14} aria-hidden />
        <span>Anotação interna</span>
      </Group>
    ),
  },
];

export function ComposerArea({ mode, onModeChange, reply, note }: ComposerAreaProps) {
  return (
    <div className={classes.writeArea} data-mode={mode}>
      <div className={classes.modeBar}>
        <SegmentedControl
          size="xs"
          aria-label="O que escrever"
          data={MODES}
          value={mode}
          onChange={(value) => onModeChange(value === 'note' ? 'note' : 'reply')}
        />
      </div>
      {mode === 'note' ? note : reply}
    </div>
  );
}
