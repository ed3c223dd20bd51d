/** GET /api/campaigns/{id} → `Campaign` (docs/campaigns.md); kept live by `CampaignUpdated`. */
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { campaignKeys } from '../keys';
import { CampaignSchema, type Campaign } from './schemas';

export function getCampaign(id: number): Promise<Campaign> {
  return http.get(`/api/campaigns/${id}`, { schema: CampaignSchema });
}

export function useCampaign(id: number) {
  return useQuery({ queryKey: campaignKeys.detail(id), queryFn: () => getCampaign(id) });
}
