/**
 * POST /api/webhooks `{url, events, description}` → 201 the endpoint and its `secret` (`whsec_…`),
 * the only time the secret is ever shown (docs/campaigns.md). The secret stays out of the query
 * cache: only the endpoint goes in the list.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { webhookKeys } from '../keys';
import { CreatedEndpointSchema, type CreatedEndpoint, type EndpointInput } from './schemas';

export function createWebhook(input: EndpointInput): Promise<CreatedEndpoint> {
  return http.post('/api/webhooks', input, { schema: CreatedEndpointSchema });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}
