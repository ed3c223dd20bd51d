/**
 * POST /api/tickets/{id}/messages → 201 the message, `queued` (server/src/domain/inbox/messages.rs);
 * the worker sends it and acks follow as events. What goes: text `{body, clientId, quotedMessageId?}`;
 * an uploaded file `{body (its caption), clientId, mediaId, fileName?, voice?, quotedMessageId?}`; a
 * place `{clientId, location: {latitude, longitude, name?, address?}, quotedMessageId?}`; or contact
 * cards `{clientId, contacts: [{name, phones}], quotedMessageId?}` — no body for those two (the server
 * ignores it), and one of file, place or cards per message (422 `one_attachment`). The message shows
 * at once (optimistic, `local: 'sending'`, a place or cards already as their card) and the server's
 * replaces it, matched by `clientId` — a UUID made here, which the server dedupes, so sending again
 * after a lost answer (the retry of a message that shows "não enviada") never makes a second
 * message. A message written with quick replies (the composer's `/` picker: a text, a reply's file
 * with its caption, a reply's template) names them, `quickReplyIds` (up to 10): each counts a use
 * (once per `clientId`); 422 `quick_reply_not_found` for one the sender may not use on the ticket. 403 `not_ticket_owner`, 409 `ticket_not_accepted` / `ticket_closed`, 422 empty or longer
 * than 4096, `invalid_location` / `invalid_contacts` (a field error whose message is the error's own,
 * so the failed message says what was wrong, e.g. "Telefone inválido em Ana: de 8 a 15 dígitos.").
 *
 * On an official number after WhatsApp's 24-hour window (`window.ts`), free text, files, places and
 * cards are refused (422 `window_closed`: the ticket is read again, for its `windowClosesAt`) and an
 * approved template goes instead: `{clientId, template: {id, parameters}, quickReplyIds?}`, no body; the answer's body
 * is the filled text. A template the server refuses (422: `template_parameters`, its `errors` naming
 * `template.parameters[i]`, or `template_not_approved`) leaves no message behind: the picker, which
 * keeps what was typed, shows why (`refusedTemplate`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-errors';
import { ApiError, http } from '../../../lib/http';
import { isQuickRepliesQuery } from '../../../lib/query-keys';
import { dropLocal, putMessage, setLocalState, type MessagePages } from '../cache';
import { inboxKeys } from '../keys';
import type { InboxViewer } from '../viewer';
import {
  MessageSchema,
  type Media,
  type Message,
  type MessageLocation,
  type Quoted,
  type ServerMessage,
} from './schemas';

/** The longest body the server takes. */
export const MAX_MESSAGE_LENGTH = 4096;
/** The most quick replies one message may name (`quickReplyIds`). */
export const MAX_QUICK_REPLIES_PER_MESSAGE = 10;

/** A random UUID (v4), also where `crypto.randomUUID` is missing (a page served over plain HTTP). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An approved template and its parameters, in order: `{{1}}`, `{{2}}`… */
export interface TemplateSend {
  id: number;
  parameters: string[];
}

/** A contact card to send: a name and 1 to 5 phones, each with its country code (`+5511…`). */
export interface ContactSend {
  name: string;
  phones: string[];
}

export interface SendInput {
  /**
   * The text, or a file's caption (may be '' with `mediaId`); with `template`, the filled text the
   * message shows until the server's answer (not sent); not sent either with `location`/`contacts`.
   */
  body: string;
  clientId: string;
  /** An uploaded file (`POST /api/tickets/{id}/media`, docs/media.md#sending). */
  mediaId?: number;
  /** The file's name as the customer will see it (the server names it by its type otherwise). */
  fileName?: string;
  /** Send the audio as a voice note (push-to-talk). */
  voice?: boolean;
  /** The message this one replies to. */
  quotedMessageId?: number;
  /** A template instead of text (the only thing a closed window takes). */
  template?: TemplateSend;
  /** A place instead of text (latitude -90..90, longitude -180..180; name, address ≤ 200 each). */
  location?: MessageLocation;
  /** Contact cards instead of text (1 to 10). */
  contacts?: ContactSend[];
  /** The quick replies the text was written with (up to `MAX_QUICK_REPLIES_PER_MESSAGE`). */
  quickReplyIds?: number[];
}

/**
 * What the message being sent shows until the server's answer replaces it (never sent). A place or
 * cards show from the request's own `location`/`contacts`, which these override if given.
 */
export interface SendPreview {
  type?: string;
  media?: Media | null;
  location?: MessageLocation | null;
  contacts?: ContactSend[] | null;
  quoted?: Quoted | null;
}

export type SendRequest = SendInput & { preview?: SendPreview };

export function sendMessage(ticketId: number, input: SendInput): Promise<ServerMessage> {
  const path = `/api/tickets/${ticketId}/messages`;
  const quickReplyIds =
    input.quickReplyIds !== undefined && input.quickReplyIds.length > 0
      ? { quickReplyIds: input.quickReplyIds.slice(0, MAX_QUICK_REPLIES_PER_MESSAGE) }
      : {};
  if (input.template !== undefined) {
    const { id, parameters } = input.template;
    return http.post(
      path,
      { clientId: input.clientId, template: { id, parameters }, ...quickReplyIds },
      { schema: MessageSchema },
    );
  }
  const quote = input.quotedMessageId === undefined ? {} : { quotedMessageId: input.quotedMessageId };
  if (input.location !== undefined) {
    return http.post(
      path,
      { clientId: input.clientId, location: placeOf(input.location), ...quote },
      { schema: MessageSchema },
    );
  }
  if (input.contacts !== undefined) {
    const contacts = input.contacts.map(({ name, phones }) => ({ name, phones }));
    return http.post(path, { clientId: input.clientId, contacts, ...quote }, { schema: MessageSchema });
  }
  const body: SendInput = { body: input.body, clientId: input.clientId };
  if (input.mediaId !== undefined) body.mediaId = input.mediaId;
  if (input.fileName !== undefined) body.fileName = input.fileName;
  if (input.voice !== undefined) body.voice = input.voice;
  if (input.quotedMessageId !== undefined) body.quotedMessageId = input.quotedMessageId;
  return http.post(path, { ...body, ...quickReplyIds }, { schema: MessageSchema });
}

/** A place as the server takes it: no empty name or address. */
function placeOf({ latitude, longitude, name, address }: MessageLocation): MessageLocation {
  const place: MessageLocation = { latitude, longitude };
  if (name) place.name = name;
  if (address) place.address = address;
  return place;
}

/** What a message being sent carries, for its optimistic bubble: a place, cards, or its preview's. */
function carried(input: SendRequest): Pick<Message, 'type' | 'media' | 'location' | 'contacts'> {
  const preview = input.preview;
  const location = preview?.location ?? input.location ?? null;
  const contacts = preview?.contacts ?? input.contacts ?? null;
  const type = preview?.type ?? (location ? 'location' : contacts ? 'contacts' : 'text');
  return {
    type,
    media: preview?.media ?? null,
    location,
    contacts: contacts?.map(({ name, phones }) => ({ name, phones, vcard: null })) ?? null,
  };
}

/**
 * Whether the server refused a template outright (422: a parameter, a template no longer
 * approved): nothing was stored, so there is nothing to retry — what was typed is to be fixed.
 */
export function refusedTemplate(error: unknown, input: Pick<SendInput, 'template'>): boolean {
  return input.template !== undefined && error instanceof ApiError && error.status === 422;
}

/**
 * What each message this page is sending was sent with (by `clientId`), so a retry after a failed
 * request sends the same file, place, cards and quote again, not only the text. Dropped once the
 * server has it.
 */
const sentInputs = new Map<string, SendRequest>();

/** The request a message being sent from this page was made with (its retry sends it again). */
export function sentRequest(clientId: string): SendRequest | undefined {
  return sentInputs.get(clientId);
}

/** Temporary ids of messages being sent: negative, so they never meet a server id. */
let localIds = 0;

/** A new temporary id for a message being sent from this page (a reply's or a note's). */
export function nextLocalId(): number {
  localIds -= 1;
  return localIds;
}

export function useSendMessage(ticketId: number, viewer: InboxViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendRequest) => sendMessage(ticketId, input),
    onMutate: (input) => {
      sentInputs.set(input.clientId, input);
      const key = inboxKeys.messages(ticketId);
      const data = queryClient.getQueryData<MessagePages>(key);
      const already = data?.pages.some((page) => page.data.some((m) => m.clientId === input.clientId));
      if (already) {
        setLocalState(queryClient, ticketId, input.clientId, 'sending');
        return;
      }
      const optimistic: Message = {
        id: nextLocalId(),
        ticketId,
        direction: 'out',
        kind: 'text',
        body: input.body,
        ack: 'queued',
        error: null,
        sentAt: new Date().toISOString(),
        user: { id: viewer.id, name: viewer.name },
        clientId: input.clientId,
        ...carried(input),
        quoted: input.preview?.quoted ?? null,
        reactions: [],
        editedAt: null,
        revokedAt: null,
        local: 'sending',
      };
      queryClient.setQueryData<MessagePages>(key, (current) => {
        if (!current) return current;
        const [newest, ...older] = current.pages;
        if (!newest) return current;
        return { ...current, pages: [{ ...newest, data: [...newest.data, optimistic] }, ...older] };
      });
    },
    onSuccess: (message, input) => {
      sentInputs.delete(input.clientId);
      putMessage(queryClient, ticketId, message);
      // The replies' uses changed (the screen's counts, the picker's order): read them again when next shown.
      if (input.quickReplyIds?.length) {
        void queryClient.invalidateQueries({ predicate: isQuickRepliesQuery, refetchType: 'none' });
      }
    },
    onError: (error, input) => {
      const code = error instanceof ApiError ? error.code : null;
      // The window closed sooner than this page knew (or its clock is off): read the ticket again.
      if (code === 'window_closed') void queryClient.invalidateQueries({ queryKey: inboxKeys.ticket(ticketId) });
      if (code === 'template_not_approved') void queryClient.invalidateQueries({ queryKey: inboxKeys.allTemplates() });
      if (refusedTemplate(error, input)) {
        sentInputs.delete(input.clientId);
        dropLocal(queryClient, ticketId, input.clientId);
        return;
      }
      setLocalState(queryClient, ticketId, input.clientId, 'error', errorMessage(error));
    },
  });
}
