/**
 * What an internal note's bubble holds (`kind: "internal"`, docs/notes.md): a lock and "Anotação
 * interna · author", so it is never taken for something the customer read, then its text with the
 * people it mentions (`@Nome Sobrenome`) in bold (composer/mention-match.ts `noteSegments`).
 */
import { Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { Message } from '../api/schemas';
import { noteSegments } from '../composer/mention-match';
import classes from './Inbox.module.css';

/** The note's label, before its author's name. */
export const INTERNAL_LABEL = 'Anotação interna';

export interface InternalNoteProps {
  message: Message;
  /** Names this page knows a note may mention: marked whole (`@Maria da Silva`). */
  mentionNames?: readonly string[];
}

export function InternalNote({ message, mentionNames }: InternalNoteProps) {
  const author = message.user?.name;
  return (
    <>
      <Group gap={4} wrap="nowrap" className={classes.internalLabel} data-testid="internal-author">
        <IconLock size={14} aria-hidden className={classes.inlineIcon} />
        <Text size="xs" fw={700} c="inherit">
          {author ? `${INTERNAL_LABEL} · ${author}` : INTERNAL_LABEL}
        </Text>
      </Group>
      <Text size="sm" span>
        {noteSegments(message.body, mentionNames).map((segment, index) =>
          segment.mention ? (
            <strong key={index} className={classes.mention}>
              {segment.text}
            </strong>
          ) : (
            segment.text
          ),
        )}
      </Text>
    </>
  );
}
