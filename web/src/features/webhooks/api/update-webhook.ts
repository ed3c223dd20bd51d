/**
 * PUT /api/webhooks/{id} with what changes (`url`, `events`, `description`, `enabled`) → the
 * endpoint (docs/campaigns.md). Enabling it again clears its failure count.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { webhookKeys } from '../keys';
import { EndpointSchema, type Endpoint, type EndpointInput } from './schemas';

export interface EndpointChange extends Partial<EndpointInput> {
  id: number;
  enabled?: boolean;
}

export function updateWebhook({ id, ...change }: EndpointChange): Promise<Endpoint> {
  return http.put(`/api/webhooks/${id}`, change, { schema: EndpointSchema });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: (saved) => {
      queryClient.setQueryData<Endpoint[]>(webhookKeys.list(), (list) =>
        list?.map((endpoint) => (endpoint.id === saved.id ? saved : endpoint)),
      );
      return queryClient.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}
