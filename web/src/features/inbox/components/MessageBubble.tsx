/**
 * One message of a conversation: the customer's on the left, ours on the right with its ack as
 * ticks (clock queued, ✓ sent, ✓✓ delivered, blue ✓✓ read), a failed one with a red border, why in
 * red (`--inbox-failed`: AA on the bubble in both themes) and a retry; a note (a transfer's line)
 * centred; the chatbot's (`kind: "bot"`) on the right too, marked with a robot and "Assistente
 * virtual · bot" (the bot's name is not in the message); a campaign's (`kind: "campaign"`, the
 * message the customer is answering) marked "Campanha". Long messages wrap.
 */
import { Button, Group, Text, Tooltip } from '@mantine/core';
import {
  IconAlertCircle,
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
}

export function MessageBubble({ message, onRetry, retrying = false }: MessageBubbleProps) {
  const note = message.kind === 'note';
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
            <Text size="sm" span>
              {message.body}
            </Text>
          </>
        )}
        <div className={classes.meta}>
          <Tooltip label={formatDateTime(message.sentAt)} openDelay={400}>
            <Text size="xs" c="dimmed" component="time" dateTime={message.sentAt}>
              {formatTime(message.sentAt)}
            </Text>
          </Tooltip>
          {out && !note ? <Ack message={message} /> : null}
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
    </div>
  );
}
