/**
 * The moves of a campaign (docs/campaigns.md), each `POST /api/campaigns/{id}/{action}` → the
 * `Campaign` as it is now: `start` (running, or scheduled when `scheduledAt` is ahead), `pause`,
 * `resume`, `cancel`, `retry-failed` (failed recipients, the blacklisted excepted, back to pending).
 * 409 `campaign_state` when the move is not allowed from its status.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { campaignKeys } from '../keys';
import { CampaignSchema, type Campaign } from './schemas';

export const CAMPAIGN_ACTIONS = ['start', 'pause', 'resume', 'cancel', 'retry-failed'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

export function campaignAction(id: number, action: CampaignAction): Promise<Campaign> {
  return http.post(`/api/campaigns/${id}/${action}`, undefined, { schema: CampaignSchema });
}

export function useCampaignAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CampaignAction) => campaignAction(id, action),
    onSuccess: async (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(id), campaign);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: campaignKeys.recipientsOf(id) }),
      ]);
    },
  });
}
