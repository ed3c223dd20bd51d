/**
 * POST /api/tickets/{id}/messages `{body, clientId}` → 201 the message, `queued`
 * (server/src/domain/inbox/messages.rs); the worker sends it and acks follow as events. The
 * message shows at once (optimistic, `local: 'sending'`) and the server's replaces it, matched by
 * `clientId` — a UUID made here, which the server dedupes, so sending again after a lost answer
 * (the retry of a message that shows "não enviada") never makes a second message. 403
 * `not_ticket_owner`, 409 `ticket_not_accepted` / `ticket_closed`, 422 empty or longer than 4096.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-errors';
import { http } from '../../../lib/http';
import { putMessage, setLocalState, type MessagePages } from '../cache';
import { inboxKeys } from '../keys';
import type { InboxViewer } from '../viewer';
import { MessageSchema, type Message, type ServerMessage } from './schemas';

/** The longest body the server takes. */
export const MAX_MESSAGE_LENGTH = 4096;

/** A random UUID (v4), also where `crypto.randomUUID` is missing (a page served over plain HTTP). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface SendInput {
  body: string;
  clientId: string;
}

export function sendMessage(ticketId: number, input: SendInput): Promise<ServerMessage> {
  return http.post(`/api/tickets/${ticketId}/messages`, input, { schema: MessageSchema });
}

/** Temporary ids of messages being sent: negative, so they never meet a server id. */
let localIds = 0;

export function useSendMessage(ticketId: number, viewer: InboxViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendInput) => sendMessage(ticketId, input),
    onMutate: (input) => {
      const key = inboxKeys.messages(ticketId);
      const data = queryClient.getQueryData<MessagePages>(key);
      const already = data?.pages.some((page) => page.data.some((m) => m.clientId === input.clientId));
      if (already) {
        setLocalState(queryClient, ticketId, input.clientId, 'sending');
        return;
      }
      localIds -= 1;
      const optimistic: Message = {
        id: localIds,
        ticketId,
        direction: 'out',
        kind: 'text',
        body: input.body,
        ack: 'queued',
        error: null,
        sentAt: new Date().toISOString(),
        user: { id: viewer.id, name: viewer.name },
        clientId: input.clientId,
        local: 'sending',
      };
      queryClient.setQueryData<MessagePages>(key, (current) => {
        if (!current) return current;
        const [newest, ...older] = current.pages;
        if (!newest) return current;
        return { ...current, pages: [{ ...newest, data: [...newest.data, optimistic] }, ...older] };
      });
    },
    onSuccess: (message) => putMessage(queryClient, ticketId, message),
    onError: (error, input) => setLocalState(queryClient, ticketId, input.clientId, 'error', errorMessage(error)),
  });
}
