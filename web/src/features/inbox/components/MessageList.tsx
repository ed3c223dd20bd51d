/**
 * The conversation's messages, oldest at the top, with a line per day. It opens at the newest;
 * scrolling to the top loads older pages (the view stays where it was), and a new message scrolls
 * down only when the reader was already at the bottom (or wrote it). A photo opens the lightbox
 * (every photo loaded, previous and next); a quote goes to the message it quotes, and
 * `targetMessageId` (a message search's link) to that message: older pages are read until it is
 * there (../seek.ts), then it is scrolled into view and highlighted for a moment — the link's
 * target also takes the focus and is announced ("Mensagem encontrada").
 */
import { Badge, Button, Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { dayKey, formatDayLabel } from '../../../lib/dates';
import { SEEK_PAGE_SIZE } from '../api/get-messages';
import type { Message } from '../api/schemas';
import { seekStep } from '../seek';
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
  /** Reads the next older page (`pageSize` messages; absent: the usual size). */
  loadOlder: (pageSize?: number) => void;
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
  /** A message to go to as the list opens (a message search's link, `&message=`). */
  targetMessageId?: number | null;
  /** The target was shown, or given up on: the link's work is done. */
  onTargetDone?: () => void;
}

/** A message being looked for: a quote's original, or the link's target; older pages read so far. */
interface Seek {
  id: number;
  origin: 'quote' | 'link';
  pagesRead: number;
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
  targetMessageId = null,
  onTargetDone,
}: MessageListProps) {
  const box = useRef<HTMLDivElement>(null);
  const [lightboxId, setLightboxId] = useState<number | null>(null);
  const images = useMemo(() => lightboxImages(messages, customerName), [messages, customerName]);
  /** The message being looked for (older pages load until it is there). */
  const seeking = useRef<Seek | null>(null);
  /** Said to screen readers when the link's target is shown. */
  const [announcement, setAnnouncement] = useState('');
  /** Distance from the bottom to keep while older messages are added above. */
  const keepFromBottom = useRef<number | null>(null);
  /** The reader is at the bottom: new messages scroll into view. */
  const atBottom = useRef(true);
  const first = messages[0];
  const last = messages[messages.length - 1];
  const firstKey = first ? `${first.id}:${first.clientId ?? ''}` : '';
  const lastKey = last ? `${last.id}:${last.clientId ?? ''}:${messages.length}` : '';

  function older(pageSize?: number) {
    const element = box.current;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    loadOlder(pageSize);
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

  /** The message found: in view, highlighted for a moment; the link's target also focused and announced. */
  function show(element: HTMLElement, origin: Seek['origin']) {
    // A quote glides to its original; a link opens the conversation there at once (it may be
    // thousands of messages up, a long animation).
    element.scrollIntoView({ block: 'center', behavior: origin === 'quote' ? 'smooth' : 'instant' });
    element.setAttribute('data-highlighted', 'true');
    setTimeout(() => element.removeAttribute('data-highlighted'), HIGHLIGHT_MS);
    if (origin === 'link') {
      // Where the eyes are taken, the keyboard and the screen reader go too.
      element.setAttribute('tabindex', '-1');
      element.focus({ preventScroll: true });
      setAnnouncement('Mensagem encontrada');
      setTimeout(() => setAnnouncement(''), HIGHLIGHT_MS);
      onTargetDone?.();
    }
  }

  function notFound(origin: Seek['origin'], moreOlder: boolean) {
    notifications.show({
      color: 'gray',
      title: 'Mensagem não encontrada',
      message: moreOlder
        ? 'Ela está muito atrás nesta conversa. Role a conversa para cima para continuar procurando.'
        : origin === 'quote'
          ? 'A mensagem citada não está mais nesta conversa.'
          : 'A mensagem não está mais nesta conversa.',
    });
    if (origin === 'link') onTargetDone?.();
  }

  /** One step of looking for a message (../seek.ts), each time the list changes. */
  function seek() {
    const current = seeking.current;
    if (current === null) return;
    const element = box.current?.querySelector<HTMLElement>(`[data-message-id="${current.id}"]`) ?? null;
    const step = seekStep({ loaded: element !== null, loading: loadingOlder, hasOlder, pagesRead: current.pagesRead });
    if (step === 'wait') return;
    if (step === 'load') {
      current.pagesRead += 1;
      older(SEEK_PAGE_SIZE);
      return;
    }
    seeking.current = null;
    if (step === 'show' && element) show(element, current.origin);
    else notFound(current.origin, hasOlder);
  }

  function jumpTo(messageId: number) {
    seeking.current = { id: messageId, origin: 'quote', pagesRead: 0 };
    seek();
  }

  // A page arrived (or finished loading) while looking for a message.
  useEffect(() => {
    if (seeking.current !== null) seek();
    // seek reads the latest list itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstKey, hasOlder, loadingOlder]);

  // The link's target: looked for as the list opens (or when the link changes).
  useEffect(() => {
    if (targetMessageId === null || seeking.current?.id === targetMessageId) return;
    seeking.current = { id: targetMessageId, origin: 'link', pagesRead: 0 };
    seek();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [targetMessageId]);

  const days = messages.map((message) => dayKey(new Date(message.sentAt)));
  return (
    <>
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
              <Button variant="subtle" size="compact-sm" onClick={() => older()}>
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
      {/* Outside the log: the log itself announces what is added to it. */}
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </>
  );
}
