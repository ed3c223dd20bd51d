/**
 * The message a reply quotes, above its text: who wrote it and a line of it (or its kind and file
 * name). A click (or Enter) goes to the quoted message when it is stored; the composer shows the
 * same block for the reply being written, with a cancel button.
 */
import { ActionIcon, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconFile,
  IconMapPin,
  IconMicrophone,
  IconMovie,
  IconPhoto,
  IconSticker,
  IconUser,
  IconX,
} from '@tabler/icons-react';
import type { Quoted } from '../../api/schemas';
import { quotedAuthor, quotedSnippet } from './format';
import classes from './media.module.css';

const TYPE_ICONS = {
  image: IconPhoto,
  audio: IconMicrophone,
  video: IconMovie,
  document: IconFile,
  sticker: IconSticker,
  location: IconMapPin,
  contacts: IconUser,
} as const;

export interface QuotedReplyProps {
  quoted: Quoted;
  customerName: string;
  /** Goes to the quoted message (absent: not clickable). */
  onJump?: (id: number) => void;
  /** The composer's: takes the reply back. */
  onCancel?: () => void;
}

export function QuotedReply({ quoted, customerName, onJump, onCancel }: QuotedReplyProps) {
  const TypeIcon = TYPE_ICONS[quoted.type as keyof typeof TYPE_ICONS];
  const author = quotedAuthor(quoted, customerName);
  const snippet = quotedSnippet(quoted);
  const content = (
    <>
      <Text size="xs" fw={700} className={classes.quoteAuthor}>
        {author}
      </Text>
      <Text size="xs" className={classes.quoteText} lineClamp={2}>
        {TypeIcon ? <TypeIcon size={14} aria-hidden className={classes.quoteIcon} /> : null}
        {snippet}
      </Text>
    </>
  );
  const id = quoted.id;
  return (
    <div className={classes.quote} data-direction={quoted.direction} data-testid="quoted">
      {onJump && id != null ? (
        // Named by what it shows (axe: the visible text is part of the name), with the action first.
        <UnstyledButton className={classes.quoteBody} onClick={() => onJump(id)}>
          <VisuallyHidden>Ir para a mensagem citada: </VisuallyHidden>
          {content}
        </UnstyledButton>
      ) : (
        <div className={classes.quoteBody}>{content}</div>
      )}
      {onCancel ? (
        <ActionIcon variant="subtle" color="gray" size={32} aria-label="Cancelar resposta" onClick={onCancel}>
          <IconX size={16} />
        </ActionIcon>
      ) : null}
    </div>
  );
}
