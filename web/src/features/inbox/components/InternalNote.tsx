/**
 * What an internal note's bubble holds (`kind: "internal"`, docs/notes.md): a lock and "Anotação
 * interna · author", so it is never taken for something the customer read, then the one file it may
 * carry (a photo, a document…, shown as any message's: media/MessageContent.tsx
 * `MessageAttachment`), then its text — the file's caption, if any — with the people it mentions
 * (`@Nome Sobrenome`) in bold (composer/mention-match.ts `noteSegments`).
 */
import { Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { Message } from '../api/schemas';
import { noteSegments } from '../composer/mention-match';
import classes from './Inbox.module.css';
import { MessageAttachment } from './media/MessageContent';
import media from './media/media.module.css';

/** The note's label, before its author's name. */
export const INTERNAL_LABEL = 'Anotação interna';

export interface InternalNoteProps {
  message: Message;
  /** Names this page knows a note may mention: marked whole (`@Maria da Silva`). */
  mentionNames?: readonly string[];
  /** The customer's name, as any message's file is given it (a note's file names its author). */
  customerName?: string;
  /** Opens a photo in the lightbox. */
  onOpenImage?: (messageId: number) => void;
  /** A file's link expired. */
  onMediaExpired?: () => void;
}

export function InternalNote({
  message,
  mentionNames,
  customerName = 'Cliente',
  onOpenImage,
  onMediaExpired,
}: InternalNoteProps) {
  const author = message.user?.name;
  const withFile = message.type !== 'text';
  return (
    <>
      <Group gap={4} wrap="nowrap" className={classes.internalLabel} data-testid="internal-author">
        <IconLock size={14} aria-hidden className={classes.inlineIcon} />
        <Text size="xs" fw={700} c="inherit">
          {author ? `${INTERNAL_LABEL} · ${author}` : INTERNAL_LABEL}
        </Text>
      </Group>
      {withFile ? (
        <MessageAttachment
          message={message}
          customerName={customerName}
          onOpenImage={onOpenImage}
          onMediaExpired={onMediaExpired}
        />
      ) : null}
      {message.body !== '' || !withFile ? (
        <Text size="sm" span className={withFile ? media.caption : undefined}>
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
      ) : null}
    </>
  );
}
