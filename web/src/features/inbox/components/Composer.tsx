/**
 * Writing to the customer: Enter sends, Shift+Enter starts a new line (as in the inboxes staff
 * know); the text is kept per ticket while switching between tickets. Files come by the clip
 * ("Anexar arquivos", several at once), by pasting, or dropped on the conversation (`addFiles`,
 * through the ref): they wait in a tray with an optional caption each, checked against the channel's
 * limits, and go — uploaded with their progress, one message each — with the next send; the text,
 * if any, follows as a message of its own. The microphone records a voice note into the tray.
 * "Enviar localização" and "Enviar contato" open a dialog each (`LocationDialog`, `ContactDialog`):
 * a place (typed coordinates, a map link or the agent's position) or a contact card goes at once as
 * a message of its own, with no text, and shows in the conversation while it is sent. A reply
 * ("Responder" on a message) shows above, with a button to take it back; the first message sent —
 * text, file, place or card — quotes it.
 *
 * Typing `/` at the start of the message or after whitespace opens the ticket's quick replies
 * (`QuickReplyPicker`, composer/use-quick-reply-picker.ts): the one chosen goes into the text, filled
 * for the ticket, and the message sent names the replies it was written with (`quickReplyIds`). A
 * reply that sends a file puts it in the tray like a file attached here (removable before sending),
 * its text as the caption, and it goes as `{body: caption, mediaId, fileName, quickReplyIds}`; one
 * that sends an approved template opens the template picker with it chosen and its values filled.
 *
 * The tools (clip, place, contact, "Modelo") sit before the text box, or on a line of their own
 * above it in a narrow conversation (a phone), where they would squeeze it; while a voice note is
 * recorded they give way to it.
 *
 * On an official number (a ticket with `windowClosesAt`) the 24-hour window rules: once it has
 * closed, text, files, voice, places and cards give way to the template picker, the only thing
 * WhatsApp takes; while it is open, "Modelo" opens the same picker. Tickets of other numbers never
 * see either.
 */
import { ActionIcon, Box, Group, Text, Textarea, Tooltip } from '@mantine/core';
import { IconAddressBook, IconMapPin, IconPaperclip, IconSend, IconTemplate } from '@tabler/icons-react';
import {
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import type { Message, MessageLocation } from '../api/schemas';
import { MAX_MESSAGE_LENGTH, type ContactSend, type SendPreview, type TemplateSend } from '../api/send-message';
import { Attachments } from '../composer/Attachments';
import { ContactDialog } from '../composer/ContactDialog';
import composer from '../composer/composer.module.css';
import { LocationDialog } from '../composer/LocationDialog';
import { useMediaLimits } from '../composer/media-limits';
import { useAttachments, type Uploaded } from '../composer/use-attachments';
import { QuickReplyPicker } from '../composer/QuickReplyPicker';
import { canRecord } from '../composer/recording';
import { NO_TEMPLATES_HERE, takeQuickReplyIds, useQuickReplyPicker } from '../composer/use-quick-reply-picker';
import { TemplatePicker, type TemplateSendExtra, type TemplateStart } from '../composer/TemplatePicker';
import { VoiceRecorder } from '../composer/VoiceRecorder';
import { NO_WINDOW, type ServiceWindow } from '../window';
import classes from './Inbox.module.css';
import { quoteOf } from './media/format';
import { QuotedReply } from './media/QuotedReply';

/** Unsent text per ticket, for as long as the page lives. */
const drafts = new Map<number, string>();

export interface SendExtra {
  mediaId?: number;
  /** The file's name as the customer sees it, and whether an audio goes as a voice note. */
  fileName?: string;
  voice?: boolean;
  quotedMessageId?: number;
  /** A place instead of text (then the body is ''; the message shows it as a card at once). */
  location?: MessageLocation;
  /** Contact cards instead of text (one, from "Enviar contato"). */
  contacts?: ContactSend[];
  /** The quick replies the text was written with (the `/` picker's, still whole in it). */
  quickReplyIds?: number[];
  preview?: SendPreview;
}

export interface ComposerHandle {
  /** Files dropped on the conversation. */
  addFiles: (files: readonly File[]) => void;
}

export interface ComposerProps {
  ticketId: number;
  /** The ticket's instance (its channel's media limits); none: WhatsApp's. */
  instanceId?: number;
  onSend: (body: string, extra?: SendExtra) => void;
  /** The message being answered ("Responder"), or null. */
  replyTo?: Message | null;
  onCancelReply?: () => void;
  customerName?: string;
  ref?: Ref<ComposerHandle>;
  /** WhatsApp's 24-hour window of the ticket (`useServiceWindow`); none: no such rule. */
  serviceWindow?: ServiceWindow;
  /**
   * Sends an approved template (its filled `body` shows until the server answers), naming the quick
   * reply it came from (`extra.quickReplyIds`).
   */
  onSendTemplate?: (template: TemplateSend, body: string, extra?: TemplateSendExtra) => Promise<unknown>;
}

/** What a closed window leaves to say (and why the text box is gone). */
export const WINDOW_CLOSED_HINT = 'A janela de 24 h fechou: para falar com o cliente, envie um modelo aprovado.';

export function Composer({
  ticketId,
  instanceId,
  onSend,
  replyTo = null,
  onCancelReply,
  customerName = 'Cliente',
  ref,
  serviceWindow = NO_WINDOW,
  onSendTemplate,
}: ComposerProps) {
  const limits = useMediaLimits(instanceId);
  const [recording, setRecording] = useState(false);
  const [text, setText] = useState(() => drafts.get(ticketId) ?? '');
  /** Where the caret is in the text (the `/` picker reads the `/query` before it). */
  const [caret, setCaret] = useState(text.length);
  /** The text box (or the picker over it) has the focus. */
  const [focused, setFocused] = useState(false);
  /** Where to put the caret once a reply inserted by the picker is in the text box. */
  const insertedCaret = useRef<number | null>(null);
  const [micProblem, setMicProblem] = useState<string | null>(null);
  /**
   * "Modelo" (or a quick reply's template) while the window is open: the picker instead of the text
   * box, started from the reply's template when there is one.
   */
  const [picking, setPicking] = useState<{ start: TemplateStart | null } | null>(null);
  /** The dialog open from the tools: a place or a contact card to send. */
  const [dialog, setDialog] = useState<'location' | 'contact' | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const attachments = useAttachments(ticketId, limits);
  const offersTemplates = onSendTemplate && instanceId !== undefined && serviceWindow.state !== 'none';
  const quickReplies = useQuickReplyPicker({
    ticketId,
    text,
    caret,
    active: focused && !recording,
    onInsert: (next, at) => {
      update(next);
      setCaret(at);
      insertedCaret.current = at;
    },
    onAttachment: (reply) => {
      if (!reply.attachment) return;
      const { mediaId, fileName, type, mimeType, size } = reply.attachment;
      attachments.addStored(
        { media: { id: mediaId, type, mimeType, fileName, size }, quickReplyId: reply.id },
        reply.text,
      );
    },
    onTemplate: (reply) => {
      if (!offersTemplates || !reply.template) return NO_TEMPLATES_HERE;
      setPicking({
        start: {
          quickReplyId: reply.id,
          shortcut: reply.shortcut,
          templateId: reply.template.id,
          parameters: reply.templateParameters,
        },
      });
      return null;
    },
  });
  const trimmed = text.trim();
  const tooLong = text.length > MAX_MESSAGE_LENGTH;
  const canSend = !tooLong && !attachments.sending && (trimmed !== '' || attachments.sendable > 0);

  useImperativeHandle(ref, () => ({ addFiles: (files) => attachments.add(files) }), [attachments]);

  // "Responder" on a message: the text box, to write the reply.
  const replyId = replyTo?.id;
  useEffect(() => {
    if (replyId !== undefined) input.current?.focus();
  }, [replyId]);

  // A reply just inserted: the caret after it.
  useLayoutEffect(() => {
    const at = insertedCaret.current;
    if (at === null) return;
    insertedCaret.current = null;
    input.current?.setSelectionRange(at, at);
  }, [text]);

  function update(value: string) {
    setText(value);
    if (value) drafts.set(ticketId, value);
    else drafts.delete(ticketId);
  }

  async function send() {
    if (!canSend) return;
    let quoted = replyTo;
    const body = trimmed;
    const quickReplyIds = takeQuickReplyIds(ticketId, body);
    update('');
    setCaret(0);
    if (replyTo) onCancelReply?.();
    const quoting = () => {
      const q = quoted;
      quoted = null;
      return q ? { quotedMessageId: q.id, preview: { quoted: quoteOf(q) } } : {};
    };
    if (attachments.sendable > 0) {
      await attachments.sendAll(({ item, media }: Uploaded) => {
        const quote = quoting();
        onSend(item.caption.trim(), {
          mediaId: media.id,
          fileName: media.fileName ?? undefined,
          voice: media.voice ?? undefined,
          quotedMessageId: quote.quotedMessageId,
          quickReplyIds: item.stored ? [item.stored.quickReplyId] : undefined,
          preview: {
            ...quote.preview,
            type: media.type,
            media: {
              status: 'pending',
              mimeType: media.mimeType,
              fileName: media.fileName ?? undefined,
              size: media.size,
              voice: media.voice ?? undefined,
              durationMs: media.durationMs,
            },
          },
        });
      });
    }
    if (body !== '') {
      const extra: SendExtra = quoting();
      if (quickReplyIds.length > 0) extra.quickReplyIds = quickReplyIds;
      if (Object.keys(extra).length > 0) onSend(body, extra);
      else onSend(body);
    }
    input.current?.focus();
  }

  /** A place or a contact card: a message of its own, with no text, quoting the reply if any. */
  function sendCard(extra: Pick<SendExtra, 'location' | 'contacts'>) {
    const quote = replyTo ? { quotedMessageId: replyTo.id, preview: { quoted: quoteOf(replyTo) } } : {};
    if (replyTo) onCancelReply?.();
    onSend('', { ...extra, ...quote });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // The `/` picker takes its keys first: while it is open, Enter inserts a reply, never sends.
    if (quickReplies.onKeyDown(event)) return;
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = Array.from(event.clipboardData.files);
    if (files.length === 0) return;
    event.preventDefault();
    attachments.add(files);
  }

  const closed = serviceWindow.state === 'closed';
  if (closed || (picking && offersTemplates)) {
    return (
      <div className={classes.composer}>
        {closed ? (
          <Text size="sm" c="dimmed" role="status" mb={4}>
            {WINDOW_CLOSED_HINT}
          </Text>
        ) : null}
        {offersTemplates ? (
          <TemplatePicker
            key={picking?.start?.quickReplyId ?? 'template'}
            instanceId={instanceId}
            ticketId={ticketId}
            onSend={onSendTemplate}
            onClose={closed ? undefined : () => setPicking(null)}
            start={picking?.start ?? null}
          />
        ) : null}
      </div>
    );
  }

  return (
    <div className={classes.composer}>
      {replyTo ? <QuotedReply quoted={quoteOf(replyTo)} customerName={customerName} onCancel={onCancelReply} /> : null}
      <Attachments state={attachments} />
      {micProblem ? (
        <Text size="xs" c="var(--inbox-failed)" role="alert" mb={4}>
          {micProblem}
        </Text>
      ) : null}
      <div className={composer.line}>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          data-testid="file-picker"
          onChange={(event) => {
            attachments.add(Array.from(event.currentTarget.files ?? []));
            event.currentTarget.value = '';
          }}
        />
        {recording ? null : (
          <Group gap="xs" wrap="nowrap" className={composer.tools}>
            <Tooltip label="Anexar arquivos">
              <ActionIcon
                size={36}
                variant="default"
                aria-label="Anexar arquivos"
                onClick={() => picker.current?.click()}
              >
                <IconPaperclip size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Enviar localização">
              <ActionIcon
                size={36}
                variant="default"
                aria-label="Enviar localização"
                onClick={() => setDialog('location')}
              >
                <IconMapPin size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Enviar contato">
              <ActionIcon size={36} variant="default" aria-label="Enviar contato" onClick={() => setDialog('contact')}>
                <IconAddressBook size={18} />
              </ActionIcon>
            </Tooltip>
            {offersTemplates ? (
              <Tooltip label="Enviar um modelo aprovado">
                <ActionIcon size={36} variant="default" aria-label="Modelo" onClick={() => setPicking({ start: null })}>
                  <IconTemplate size={18} />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        )}
        <Box
          className={composer.field}
          display={recording ? 'none' : undefined}
          onFocus={() => setFocused(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
          }}
        >
          <Textarea
            ref={input}
            aria-label="Mensagem"
            placeholder="Escreva uma mensagem…"
            title="Enter envia, Shift+Enter quebra a linha, / abre as respostas rápidas"
            autosize
            minRows={1}
            maxRows={6}
            value={text}
            onChange={(event) => {
              const { value, selectionStart } = event.currentTarget;
              update(value);
              setCaret(selectionStart);
              quickReplies.track(value, selectionStart);
            }}
            onSelect={(event) => {
              const { selectionStart } = event.currentTarget;
              if (selectionStart === caret) return;
              setCaret(selectionStart);
              quickReplies.track(text, selectionStart);
            }}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            error={tooLong ? `Até ${MAX_MESSAGE_LENGTH} caracteres.` : undefined}
            {...quickReplies.textboxProps}
          />
          {quickReplies.open ? <QuickReplyPicker picker={quickReplies} /> : null}
        </Box>
        {canRecord() ? (
          <VoiceRecorder
            onRecorded={(file) => attachments.add([file], { voice: true })}
            onProblem={setMicProblem}
            onRecordingChange={setRecording}
          />
        ) : null}
        <Tooltip label="Enviar (Enter)">
          <ActionIcon
            size={36}
            variant="filled"
            color="indigo.7"
            aria-label="Enviar"
            onClick={() => void send()}
            disabled={!canSend}
            loading={attachments.sending}
          >
            <IconSend size={18} />
          </ActionIcon>
        </Tooltip>
      </div>
      {text.length > MAX_MESSAGE_LENGTH - 200 ? (
        <Text size="xs" c={tooLong ? 'red.8' : 'dimmed'} ta="right" mt={2}>
          {text.length}/{MAX_MESSAGE_LENGTH}
        </Text>
      ) : null}
      <LocationDialog
        opened={dialog === 'location'}
        onClose={() => setDialog(null)}
        onSend={(location) => sendCard({ location })}
      />
      <ContactDialog
        opened={dialog === 'contact'}
        onClose={() => setDialog(null)}
        onSend={(contact) => sendCard({ contacts: [contact] })}
      />
    </div>
  );
}
