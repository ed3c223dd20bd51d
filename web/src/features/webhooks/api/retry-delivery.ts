/**
 * POST /api/webhooks/deliveries/{id}/retry → the `Delivery` queued again, with the same
 * `webhook-id` (docs/campaigns.md), so a receiver that already has it can tell.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { webhookKeys } from '../keys';
import { DeliverySchema, type Delivery } from './schemas';

export function retryDelivery(id: number): Promise<Delivery> {
  return http.post(`/api/webhooks/deliveries/${id}/retry`, undefined, { schema: DeliverySchema });
}

export function useRetryDelivery(webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDelivery,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveriesOf(webhookId) }),
  });
}
