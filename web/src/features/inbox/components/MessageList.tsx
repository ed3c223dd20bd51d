/**
 * The conversation's messages, oldest at the top, with a line per day. It opens at the newest;
 * scrolling to the top loads older pages (the view stays where it was), and a new message scrolls
 * down only when the reader was already at the bottom (or wrote it). A photo opens the lightbox
 * (every photo loaded, previous and next); a quote goes to the message it quotes, reading older
 * pages until it is there, and highlights it for a moment.
 */
import { Badge, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { dayKey, formatDayLabel } from '../../../lib/dates';
import type { Message } from '../api/schemas';
import classes from './Inbox.module.css';
import { MessageBubble } from './MessageBubble';
import { Lightbox, type LightboxImage } from './media/Lightbox';
import { imageAlt, mediaReady } from './media/format';

/** Closer than this to an edge (px) counts as at it. */
const EDGE = 120;

/** How long a quote's target stays highlighted (ms). */
export const HIGHLIGHT_MS = 2000;

export interface MessageListProps {
  messages: readonly Message[];
  now: Date;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
  onRetry: (message: Message) => void;
  retryingId: number | null;
  customerName?: string;
  viewerId?: number;
  /** "Responder" (absent: the viewer may not write). */
  onReply?: (message: Message) => void;
  /** "Reagir" (absent: the viewer may not write). */
  onReact?: (message: Message, emoji: string) => void;
  onMediaExpired?: () => void;
  /** Names a note may mention, as far as the page knows them (internal notes mark them whole). */
  mentionNames?: readonly string[];
}

/** The loaded photos, in reading order, for the lightbox. */
function lightboxImages(messages: readonly Message[], customerName: string): LightboxImage[] {
  return messages.flatMap((message) => {
    const media = message.media;
    if (message.type !== 'image' || message.revokedAt || !mediaReady(media) || message.id <= 0) return [];
    return [
      {
        messageId: message.id,
        url: media.url,
        downloadUrl: media.downloadUrl ?? null,
        alt: imageAlt(message, customerName),
        caption: message.body,
        fileName: media.fileName ?? null,
      },
    ];
  });
}

export function MessageList({
  messages,
  now,
  hasOlder,
  loadingOlder,
  loadOlder,
  onRetry,
  retryingId,
  customerName = 'Cliente',
  viewerId,
  onReply,
  onReact,
  onMediaExpired,
  mentionNames,
}: MessageListProps) {
  const box = useRef<HTMLDivElement>(null);
  const [lightboxId, setLightboxId] = useState<number | null>(null);
  const images = useMemo(() => lightboxImages(messages, customerName), [messages, customerName]);
  /** The quoted message being looked for (older pages load until it is there). */
  const jumpTarget = useRef<number | null>(null);
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

  /**
   * Going to a quoted message: there once it is loaded — older pages are read until it is, or until
   * the start of the conversation —, highlighted for a moment.
   */
  function seekQuoted() {
    const target = jumpTarget.current;
    if (target === null) return;
    const element = box.current?.querySelector<HTMLElement>(`[data-message-id="${target}"]`);
    if (element) {
      jumpTarget.current = null;
      element.scrollIntoView({ block: 'center', behavior: 'smooth' });
      element.setAttribute('data-highlighted', 'true');
      setTimeout(() => element.removeAttribute('data-highlighted'), HIGHLIGHT_MS);
      return;
    }
    if (loadingOlder) return;
    if (hasOlder) {
      older();
      return;
    }
    jumpTarget.current = null;
    notifications.show({
      color: 'gray',
      title: 'Mensagem não encontrada',
      message: 'A mensagem citada não está mais nesta conversa.',
    });
  }

  function jumpTo(messageId: number) {
    jumpTarget.current = messageId;
    seekQuoted();
  }

  // An older page arrived (or finished loading) while looking for a quoted message.
  useEffect(() => {
    if (jumpTarget.current !== null) seekQuoted();
    // seekQuoted reads the latest list itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstKey, hasOlder, loadingOlder]);

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
            <MessageBubble
              message={message}
              onRetry={onRetry}
              retrying={retryingId === message.id}
              customerName={customerName}
              viewerId={viewerId}
              onOpenImage={setLightboxId}
              onJumpTo={jumpTo}
              onReply={onReply}
              onReact={onReact}
              onMediaExpired={onMediaExpired}
              mentionNames={mentionNames}
            />
          </Fragment>
        );
      })}
      <Lightbox images={images} openId={lightboxId} onChange={setLightboxId} onClose={() => setLightboxId(null)} />
    </div>
  );
}
