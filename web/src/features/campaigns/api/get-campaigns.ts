/**
 * GET /api/campaigns?status=&cursor=&limit= → `{data: [Campaign], nextCursor}` (route `campaigns`,
 * feature `campaigns`; docs/campaigns.md): newest first, keyset-paginated, 20 a page. "Carregar
 * mais" asks for the next page by `nextCursor`. The realtime `CampaignUpdated` writes each
 * campaign's progress into these pages (../realtime.ts).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { campaignKeys } from '../keys';
import { CampaignPageSchema, type CampaignPage } from './schemas';

export const CAMPAIGN_PAGE_SIZE = 20;

export function getCampaigns(status: string, cursor: string | null): Promise<CampaignPage> {
  return http.get('/api/campaigns', {
    query: { status: status || undefined, cursor: cursor ?? undefined, limit: CAMPAIGN_PAGE_SIZE },
    schema: CampaignPageSchema,
  });
}

export function useCampaigns(status: string) {
  return useInfiniteQuery({
    queryKey: campaignKeys.list(status),
    queryFn: ({ pageParam }) => getCampaigns(status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
}
