/**
 * POST /api/campaigns → 201 `Campaign` in `draft` (docs/campaigns.md); it is started from its
 * detail ("Iniciar"). Every list is read again (the new campaign is the newest).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { campaignKeys } from '../keys';
import { CampaignSchema, type Campaign, type CampaignInput } from './schemas';

export function createCampaign(input: CampaignInput): Promise<Campaign> {
  return http.post('/api/campaigns', input, { schema: CampaignSchema });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: async (created) => {
      queryClient.setQueryData(campaignKeys.detail(created.id), created);
      await queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}
