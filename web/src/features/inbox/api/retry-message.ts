/**
 * POST /api/tickets/{id}/messages/{messageId}/retry → the message, back to `queued`: a message
 * the provider could not deliver (`failed`, with its `error`) is sent again — under its own
 * `clientId` when it never reached the provider, under a new key when the provider took it and
 * reported the failure later (docs/inbox.md#retries-and-failures). 409 `message_not_failed`.
 *
 * The message shows `queued` as soon as the retry is asked (`markRetrying`): the acks the socket
 * brings afterwards (`sent`, or `failed` again — a local provider answers within milliseconds,
 * often before this request does) are newer than the answer, which never undoes them.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { markRetrying, putMessage, undoRetrying, type RetriedMessage } from '../cache';
import { inboxKeys } from '../keys';
import { MessageSchema, type ServerMessage } from './schemas';

export function retryMessage(ticketId: number, messageId: number): Promise<ServerMessage> {
  return http.post(`/api/tickets/${ticketId}/messages/${messageId}/retry`, undefined, { schema: MessageSchema });
}

export function useRetryMessage(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation<ServerMessage, unknown, number, RetriedMessage | null>({
    mutationFn: (messageId: number) => retryMessage(ticketId, messageId),
    onMutate: (messageId) => markRetrying(queryClient, ticketId, messageId),
    onSuccess: (message) => putMessage(queryClient, ticketId, message),
    onError: (_error, _messageId, before) => {
      if (before) undoRetrying(queryClient, ticketId, before);
      // A 409 `message_not_failed` means it moved on elsewhere: read what it is now.
      void queryClient.invalidateQueries({ queryKey: inboxKeys.messages(ticketId) });
    },
  });
}
