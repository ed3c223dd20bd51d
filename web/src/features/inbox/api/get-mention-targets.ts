/**
 * GET /api/tickets/{id}/mention-targets → `[{id, name, departmentId, canSee, online}]`: whom a note
 * on the ticket may mention (docs/notes.md) — the tenant's active people but the viewer, by name;
 * `canSee` false for those the ticket would have to be shared with. Read when the note's `@` picker
 * first opens on a ticket and kept for five minutes; a note that shared the ticket, or that the
 * server refused for a mention, reads it again.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { inboxKeys } from '../keys';
import { MentionTargetSchema, type MentionTarget } from './schemas';

export function getMentionTargets(ticketId: number): Promise<MentionTarget[]> {
  return http.get(`/api/tickets/${ticketId}/mention-targets`, { schema: z.array(MentionTargetSchema) });
}

/** How long the people read for a ticket are used without asking again (ms). */
export const MENTION_TARGETS_STALE_MS = 5 * 60 * 1000;

/** The ticket's people, once `enabled` (the `@` picker has opened). */
export function useMentionTargets(ticketId: number, enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.mentionTargets(ticketId),
    queryFn: () => getMentionTargets(ticketId),
    staleTime: MENTION_TARGETS_STALE_MS,
    enabled,
  });
}

/**
 * The names a note of the ticket may mention, as far as this page knows them — the people the `@`
 * picker read, if it did (never read for this), and the viewer — so the conversation marks whole
 * names (`@Maria da Silva`) in the notes.
 */
export function useKnownMentionNames(ticketId: number, viewerName: string): readonly string[] {
  const { data } = useQuery({
    queryKey: inboxKeys.mentionTargets(ticketId),
    queryFn: () => getMentionTargets(ticketId),
    staleTime: MENTION_TARGETS_STALE_MS,
    enabled: false,
  });
  return useMemo(() => {
    const names = data?.map((person) => person.name) ?? [];
    return viewerName ? [...names, viewerName] : names;
  }, [data, viewerName]);
}
