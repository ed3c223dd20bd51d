/**
 * One message of a conversation: the customer's on the left, ours on the right with its ack as
 * ticks (clock queued, ✓ sent, ✓✓ delivered, blue ✓✓ read), a failed one with a red border, why in
 * red (`--inbox-failed`: AA on the bubble in both themes) and a retry; a note (a transfer's line)
 * centred; an internal note (`kind: "internal"`, docs/notes.md: only the staff see it) amber, with a
 * lock, "Anotação interna · author", the file it may carry and its mentions in bold
 * (`InternalNote`), no ticks and no actions (a note is never quoted nor reacted to); the chatbot's
 * (`kind: "bot"`) on the right too, marked with a robot and "Assistente virtual · bot" (the bot's
 * name is not in the message); a campaign's (`kind: "campaign"`, the message the customer is
 * answering) marked "Campanha". Long messages wrap. What it carries shows
 * by its type (`media/MessageContent.tsx`: photos, audio, video, documents, stickers, locations,
 * contacts), under the message it quotes, with its reactions, "editada" and the agent's actions
 * beside it ("Responder", "Reagir": shown on hover or focus, always on touch screens).
 */
import { ActionIcon, Button, Group, Text, Tooltip } from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowBackUp,
  IconCheck,
  IconChecks,
  IconClock,
  IconNote,
  IconRefresh,
  IconRobot,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { formatDateTime, formatTime } from '../../../lib/dates';
import type { Message } from '../api/schemas';
import { ACK_LABELS, BOT_AUTHOR } from '../format';
import classes from './Inbox.module.css';
import { InternalNote } from './InternalNote';
import { MessageContent } from './media/MessageContent';
import { QuotedReply } from './media/QuotedReply';
import { ReactionPicker } from './media/ReactionPicker';
import { Reactions } from './media/Reactions';

function Ack({ message }: { message: Message }) {
  if (message.local === 'sending') {
    return <IconClock size={14} aria-label="Enviando" role="img" />;
  }
  if (message.local === 'error' || message.ack === 'failed') {
    return <IconAlertCircle size={14} color="var(--inbox-failed)" aria-label={ACK_LABELS.failed} role="img" />;
  }
  const label = ACK_LABELS[message.ack] ?? message.ack;
  switch (message.ack) {
    case 'queued':
      return <IconClock size={14} aria-label={label} role="img" />;
    case 'sent':
      return <IconCheck size={14} aria-label={label} role="img" />;
    case 'delivered':
      return <IconChecks size={14} aria-label={label} role="img" />;
    default:
      return <IconChecks size={14} className={classes.read} aria-label={label} role="img" />;
  }
}

export interface MessageBubbleProps {
  message: Message;
  /** Sends a failed message again (ours only). */
  onRetry?: (message: Message) => void;
  retrying?: boolean;
  /** The customer's name (alt texts, reactions, quotes). */
  customerName?: string;
  /** Who is looking (their own reaction). */
  viewerId?: number;
  /** Opens a photo in the lightbox. */
  onOpenImage?: (messageId: number) => void;
  /** Goes to a quoted message. */
  onJumpTo?: (messageId: number) => void;
  /** "Responder": quote this message in the composer (absent: the viewer may not write). */
  onReply?: (message: Message) => void;
  /** "Reagir": the viewer's reaction ('' takes it back). */
  onReact?: (message: Message, emoji: string) => void;
  /** A media link expired. */
  onMediaExpired?: () => void;
  /** Names a note may mention, as far as the page knows them (an internal note marks them whole). */
  mentionNames?: readonly string[];
}

function Actions({
  message,
  viewerId,
  onReply,
  onReact,
}: Pick<MessageBubbleProps, 'message' | 'viewerId' | 'onReply' | 'onReact'>) {
  if (message.id <= 0 || message.revokedAt || (!onReply && !onReact)) return null;
  // Lines and notes only the staff see are never quoted nor reacted to (the customer never had them).
  if (message.kind === 'note' || message.kind === 'internal') return null;
  const own = message.reactions.find((r) => r.from === 'agent' && r.user?.id === viewerId)?.emoji ?? '';
  return (
    <div className={classes.actions} data-testid="message-actions">
      {onReply ? (
        <Tooltip label="Responder">
          <ActionIcon variant="subtle" color="gray" size={32} aria-label="Responder" onClick={() => onReply(message)}>
            <IconArrowBackUp size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {onReact ? <ReactionPicker current={own} onPick={(emoji) => onReact(message, emoji)} /> : null}
    </div>
  );
}

export function MessageBubble({
  message,
  onRetry,
  retrying = false,
  customerName = 'Cliente',
  viewerId,
  onOpenImage,
  onJumpTo,
  onReply,
  onReact,
  onMediaExpired,
  mentionNames,
}: MessageBubbleProps) {
  const note = message.kind === 'note';
  const internal = message.kind === 'internal';
  const bot = message.kind === 'bot';
  const campaign = message.kind === 'campaign';
  const out = message.direction === 'out';
  const failed = message.local === 'error' || message.ack === 'failed';
  const state = message.local ?? message.ack;
  return (
    <div
      className={classes.row}
      data-direction={message.direction}
      data-kind={message.kind}
      data-failed={failed}
      data-ack={state}
      data-message-id={message.id > 0 ? message.id : undefined}
      data-type={message.revokedAt ? 'revoked' : message.type}
      data-testid="message"
    >
      <div className={classes.bubble}>
        {note ? (
          <Group gap={6} wrap="nowrap" justify="center" align="flex-start">
            <IconNote size={14} aria-hidden className={classes.noteIcon} />
            <Text size="sm" c="dimmed" span>
              {message.body}
            </Text>
          </Group>
        ) : internal ? (
          <InternalNote
            message={message}
            mentionNames={mentionNames}
            customerName={customerName}
            onOpenImage={onOpenImage}
            onMediaExpired={onMediaExpired}
          />
        ) : (
          <>
            {bot ? (
              <Group gap={4} wrap="nowrap" data-testid="bot-author">
                <IconRobot size={14} aria-hidden className={classes.inlineIcon} />
                <Text size="xs" fw={600} c="dimmed">
                  {BOT_AUTHOR} · bot
                </Text>
              </Group>
            ) : campaign ? (
              <Group gap={4} wrap="nowrap" data-testid="campaign-author">
                <IconSpeakerphone size={14} aria-hidden className={classes.inlineIcon} />
                <Text size="xs" fw={600} c="dimmed">
                  Campanha
                </Text>
              </Group>
            ) : out && message.user ? (
              <Text size="xs" fw={600} c="dimmed">
                {message.user.name}
              </Text>
            ) : null}
            {message.quoted && !message.revokedAt ? (
              <QuotedReply quoted={message.quoted} customerName={customerName} onJump={onJumpTo} />
            ) : null}
            <MessageContent
              message={message}
              customerName={customerName}
              onOpenImage={onOpenImage}
              onMediaExpired={onMediaExpired}
            />
          </>
        )}
        <Reactions reactions={message.reactions} customerName={customerName} viewerId={viewerId} />
        <div className={classes.meta}>
          {message.editedAt && !message.revokedAt ? (
            <Text size="xs" c="dimmed" fs="italic" title={`Editada ${formatDateTime(message.editedAt)}`}>
              editada
            </Text>
          ) : null}
          <Tooltip label={formatDateTime(message.sentAt)} openDelay={400}>
            <Text size="xs" c="dimmed" component="time" dateTime={message.sentAt}>
              {formatTime(message.sentAt)}
            </Text>
          </Tooltip>
          {/* A note has nothing to deliver: only its own sending (or failing to) shows. */}
          {out && !note && (!internal || message.local !== undefined) ? <Ack message={message} /> : null}
        </div>
        {out && failed ? (
          <Group gap="xs" justify="flex-end" mt={4} wrap="wrap">
            <Text size="xs" c="var(--inbox-failed)" className={classes.failedReason}>
              {message.localError ?? message.error ?? 'A mensagem não foi entregue.'}
            </Text>
            {onRetry ? (
              <Button
                size="compact-xs"
                variant="default"
                leftSection={<IconRefresh size={12} />}
                loading={retrying}
                onClick={() => onRetry(message)}
              >
                Tentar de novo
              </Button>
            ) : null}
          </Group>
        ) : null}
      </div>
      <Actions message={message} viewerId={viewerId} onReply={onReply} onReact={onReact} />
    </div>
  );
}
