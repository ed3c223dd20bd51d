/**
 * POST /api/tickets/{id}/messages/{messageId}/retry → the message, back to `queued`: a message
 * the provider could not deliver (`failed`, with its `error`) is sent again. 409
 * `message_not_failed`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { putMessage } from '../cache';
import { MessageSchema, type ServerMessage } from './schemas';

export function retryMessage(ticketId: number, messageId: number): Promise<ServerMessage> {
  return http.post(`/api/tickets/${ticketId}/messages/${messageId}/retry`, undefined, { schema: MessageSchema });
}

export function useRetryMessage(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => retryMessage(ticketId, messageId),
    onSuccess: (message) => putMessage(queryClient, ticketId, message),
  });
}
