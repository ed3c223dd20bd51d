/**
 * The conversation's messages, oldest at the top, with a line per day. It opens at the newest;
 * scrolling to the top loads older pages (the view stays where it was), and a new message scrolls
 * down only when the reader was already at the bottom (or wrote it).
 */
import { Badge, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Fragment, useLayoutEffect, useRef } from 'react';
import { dayKey, formatDayLabel } from '../../../lib/dates';
import type { Message } from '../api/schemas';
import classes from './Inbox.module.css';
import { MessageBubble } from './MessageBubble';

/** Closer than this to an edge (px) counts as at it. */
const EDGE = 120;

export interface MessageListProps {
  messages: readonly Message[];
  now: Date;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  onRetry: (message: Message) => void;
  retryingId: number | null;
}

export function MessageList({
  messages,
  now,
  hasOlder,
  loadingOlder,
  loadOlder,
  onRetry,
  retryingId,
}: MessageListProps) {
  const box = useRef<HTMLDivElement>(null);
  /** Distance from the bottom to keep while older messages are added above. */
  const keepFromBottom = useRef<number | null>(null);
  /** The reader is at the bottom: new messages scroll into view. */
  const atBottom = useRef(true);
  const first = messages[0];
  const last = messages[messages.length - 1];
  const firstKey = first ? `${first.id}:${first.clientId ?? ''}` : '';
  const lastKey = last ? `${last.id}:${last.clientId ?? ''}:${messages.length}` : '';

  function older() {
    const element = box.current;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    loadOlder();
  }

  // Older messages were added above: keep what the reader was looking at in place.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || keepFromBottom.current === null) return;
    element.scrollTop = element.scrollHeight - keepFromBottom.current;
    keepFromBottom.current = null;
  }, [firstKey]);

  // A new message at the bottom (or the conversation just opened).
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || keepFromBottom.current !== null) return;
    const mine = last?.local !== undefined;
    if (atBottom.current || mine) element.scrollTop = element.scrollHeight;
  }, [lastKey, last?.local]);

  const days = messages.map((message) => dayKey(new Date(message.sentAt)));
  return (
    <div
      ref={box}
      className={classes.messages}
      role="log"
      aria-label="Mensagens"
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE;
        if (element.scrollTop < EDGE && hasOlder && !loadingOlder) older();
      }}
    >
      {hasOlder ? (
        <Center py="xs">
          {loadingOlder ? (
            <Loader size="sm" aria-label="Carregando mensagens anteriores" />
          ) : (
            <Button variant="subtle" size="compact-sm" onClick={older}>
              Carregar mensagens anteriores
            </Button>
          )}
        </Center>
      ) : messages.length > 0 ? (
        <Center py="xs">
          <Text size="xs" c="dimmed">
            Início da conversa
          </Text>
        </Center>
      ) : null}
      {messages.length === 0 ? (
        <Stack align="center" justify="center" h="100%">
          <Text size="sm" c="dimmed">
            Nenhuma mensagem ainda.
          </Text>
        </Stack>
      ) : null}
      {messages.map((message, index) => {
        const separator = index === 0 || days[index] !== days[index - 1];
        return (
          <Fragment key={message.clientId ? `c:${message.clientId}` : `i:${message.id}`}>
            {separator ? (
              <div className={classes.day}>
                <Badge variant="default" size="sm" radius="sm" fw={500} tt="none">
                  {formatDayLabel(message.sentAt, now)}
                </Badge>
              </div>
            ) : null}
            <MessageBubble message={message} onRetry={onRetry} retrying={retryingId === message.id} />
          </Fragment>
        );
      })}
    </div>
  );
}
