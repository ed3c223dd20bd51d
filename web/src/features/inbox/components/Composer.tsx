/**
 * Writing to the customer: Enter sends, Shift+Enter starts a new line (as in the inboxes staff
 * know); the text is kept per ticket while switching between tickets.
 */
import { ActionIcon, Group, Text, Textarea, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { MAX_MESSAGE_LENGTH } from '../api/send-message';
import classes from './Inbox.module.css';

/** Unsent text per ticket, for as long as the page lives. */
const drafts = new Map<number, string>();

export interface ComposerProps {
  ticketId: number;
  onSend: (body: string) => void;
}

export function Composer({ ticketId, onSend }: ComposerProps) {
  const [text, setText] = useState(() => drafts.get(ticketId) ?? '');
  const input = useRef<HTMLTextAreaElement>(null);
  const trimmed = text.trim();
  const tooLong = text.length > MAX_MESSAGE_LENGTH;

  function update(value: string) {
    setText(value);
    if (value) drafts.set(ticketId, value);
    else drafts.delete(ticketId);
  }

  function send() {
    if (trimmed === '' || tooLong) return;
    onSend(trimmed);
    update('');
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <div className={classes.composer}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          ref={input}
          aria-label="Mensagem"
          placeholder="Escreva uma mensagem… (Enter envia, Shift+Enter quebra a linha)"
          autosize
          minRows={1}
          maxRows={6}
          value={text}
          onChange={(event) => update(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          error={tooLong ? `Até ${MAX_MESSAGE_LENGTH} caracteres.` : undefined}
          flex={1}
        />
        <Tooltip label="Enviar (Enter)">
          <ActionIcon
            size={36}
            variant="filled"
            color="indigo.7"
            aria-label="Enviar"
            onClick={send}
            disabled={trimmed === '' || tooLong}
          >
            <IconSend size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {text.length > MAX_MESSAGE_LENGTH - 200 ? (
        <Text size="xs" c={tooLong ? 'red.8' : 'dimmed'} ta="right" mt={2}>
          {text.length}/{MAX_MESSAGE_LENGTH}
        </Text>
      ) : null}
    </div>
  );
}
