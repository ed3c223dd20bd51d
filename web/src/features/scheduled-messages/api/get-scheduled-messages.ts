/**
 * GET /api/scheduled-messages?status=&cursor=&limit= → `{data: [scheduled], next_cursor}`: the
 * caller's own scheduled messages (everyone's for administrators and supervisors) of one status,
 * page after page by cursor — `scheduled` soonest first, the others most recent first.
 */
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { ScheduledSchema, type Scheduled, type ScheduledStatus } from '../../../lib/scheduled-messages';
import { scheduledMessageKeys } from '../keys';

/** Messages a page asks for. */
export const SCHEDULED_PAGE_SIZE = 30;

const ScheduledPageSchema = z.object({
  data: z.array(ScheduledSchema),
  next_cursor: z.nullish(z.string()),
});
export interface ScheduledPage {
  data: Scheduled[];
  next_cursor?: string | null;
}

export interface ScheduledMessagesRequest {
  status: ScheduledStatus;
  cursor: string | null;
  signal?: AbortSignal;
}

export function getScheduledMessages({ status, cursor, signal }: ScheduledMessagesRequest): Promise<ScheduledPage> {
  return http.get('/api/scheduled-messages', {
    query: { status, cursor: cursor ?? undefined, limit: SCHEDULED_PAGE_SIZE },
    schema: ScheduledPageSchema,
    signal,
  });
}

/** The messages of `status`, page after page ("Carregar mais"). */
export function useScheduledMessages(status: ScheduledStatus) {
  return useInfiniteQuery({
    queryKey: scheduledMessageKeys.list(status),
    queryFn: ({ pageParam, signal }) => getScheduledMessages({ status, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    // Another status keeps the previous rows, dimmed, until it answers.
    placeholderData: keepPreviousData,
  });
}
