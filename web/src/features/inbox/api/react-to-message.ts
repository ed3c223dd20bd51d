/**
 * PUT /api/tickets/{id}/messages/{messageId}/reaction `{emoji}` → 200 the message (docs/media.md#sending):
 * the agent's reaction to a message of the conversation, `""` to take it back. Shown at once (the
 * viewer's reaction replaced in the cache), put back as it was when the request fails.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/api-errors';
import { http } from '../../../lib/http';
import { findMessage, replaceMessage, setReactions } from '../cache';
import type { InboxViewer } from '../viewer';
import { MessageSchema, type Reaction, type ServerMessage } from './schemas';

export interface ReactionInput {
  messageId: number;
  /** One emoji, or '' to take the reaction back. */
  emoji: string;
}

export function reactToMessage(ticketId: number, input: ReactionInput): Promise<ServerMessage> {
  return http.put(
    `/api/tickets/${ticketId}/messages/${input.messageId}/reaction`,
    { emoji: input.emoji },
    { schema: MessageSchema },
  );
}

/** `reactions` with the viewer's own replaced by `emoji` (none for ''): one per agent. */
export function withOwnReaction(reactions: readonly Reaction[], viewer: InboxViewer, emoji: string): Reaction[] {
  const others = reactions.filter((r) => !(r.from === 'agent' && r.user?.id === viewer.id));
  return emoji === '' ? others : [...others, { emoji, from: 'agent', user: { id: viewer.id, name: viewer.name } }];
}

export function useReactToMessage(ticketId: number, viewer: InboxViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReactionInput) => reactToMessage(ticketId, input),
    onMutate: (input) => {
      const before = findMessage(queryClient, ticketId, input.messageId)?.reactions ?? null;
      if (before) setReactions(queryClient, ticketId, input.messageId, withOwnReaction(before, viewer, input.emoji));
      return { before };
    },
    onSuccess: (message) => replaceMessage(queryClient, ticketId, message),
    onError: (error, input, context) => {
      if (context?.before) setReactions(queryClient, ticketId, input.messageId, context.before);
      notifications.show({ color: 'red', title: 'Não foi possível reagir', message: errorMessage(error) });
    },
  });
}
