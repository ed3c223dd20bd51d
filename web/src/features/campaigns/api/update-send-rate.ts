/**
 * PUT /api/campaigns/rates/{instanceId} `{"ratePerMinute"}` → the instance's `SendRate`
 * (docs/campaigns.md); 422 `invalid_rate` (field `ratePerMinute`) outside 1–600. The campaigns'
 * `ratePerMinute` and `remainingSeconds` change with it, so the lists and details are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { campaignKeys } from '../keys';
import { SendRateSchema, type SendRate } from './schemas';

export interface SendRateChange {
  instanceId: number;
  ratePerMinute: number;
}

export function updateSendRate({ instanceId, ratePerMinute }: SendRateChange): Promise<SendRate> {
  return http.put(`/api/campaigns/rates/${instanceId}`, { ratePerMinute }, { schema: SendRateSchema });
}

export function useUpdateSendRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSendRate,
    onSuccess: async (saved) => {
      queryClient.setQueryData<SendRate[]>(campaignKeys.rates(), (list) =>
        list?.map((rate) => (rate.instanceId === saved.instanceId ? saved : rate)),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: campaignKeys.details() }),
      ]);
    },
  });
}
