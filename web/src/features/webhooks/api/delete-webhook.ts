/** DELETE /api/webhooks/{id} → 204 (docs/campaigns.md): the endpoint receives nothing more. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { webhookKeys } from '../keys';
import type { Endpoint } from './schemas';

export async function deleteWebhook(id: number): Promise<void> {
  await http.delete(`/api/webhooks/${id}`);
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: (_, id) => {
      queryClient.setQueryData<Endpoint[]>(webhookKeys.list(), (list) =>
        list?.filter((endpoint) => endpoint.id !== id),
      );
      queryClient.removeQueries({ queryKey: webhookKeys.deliveriesOf(id) });
    },
  });
}
