/**
 * GET /api/campaigns/{id}/recipients?status=&cursor=&limit= → `{data: [Recipient], nextCursor}` in
 * recipient order (docs/campaigns.md), 50 a page. While the campaign sends, `CampaignUpdated` marks
 * these pages stale (at most every few seconds: ../realtime.ts).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { campaignKeys } from '../keys';
import { RecipientPageSchema, type RecipientPage } from './schemas';

export const RECIPIENT_PAGE_SIZE = 50;

export function getCampaignRecipients(id: number, status: string, cursor: string | null): Promise<RecipientPage> {
  return http.get(`/api/campaigns/${id}/recipients`, {
    query: { status: status || undefined, cursor: cursor ?? undefined, limit: RECIPIENT_PAGE_SIZE },
    schema: RecipientPageSchema,
  });
}

export function useCampaignRecipients(id: number, status: string) {
  return useInfiniteQuery({
    queryKey: campaignKeys.recipients(id, status),
    queryFn: ({ pageParam }) => getCampaignRecipients(id, status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}
