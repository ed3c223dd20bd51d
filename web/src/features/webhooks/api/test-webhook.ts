/**
 * POST /api/webhooks/{id}/test → the `Delivery` of a signed `webhook.test` event (docs/campaigns.md),
 * queued like any other: it shows in the endpoint's log.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { webhookKeys } from '../keys';
import { DeliverySchema, type Delivery } from './schemas';

export function testWebhook(id: number): Promise<Delivery> {
  return http.post(`/api/webhooks/${id}/test`, undefined, { schema: DeliverySchema });
}

export function useTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testWebhook,
    onSuccess: (_, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveriesOf(id) }),
  });
}
