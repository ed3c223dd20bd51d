/**
 * POST /api/webhooks/{id}/rotate-secret → `{secret, previousValidUntil}` (docs/campaigns.md): a new
 * secret, shown once; for 24 h deliveries carry both signatures, so the receiver can switch over.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { webhookKeys } from '../keys';
import { RotatedSecretSchema, type RotatedSecret } from './schemas';

export function rotateWebhookSecret(id: number): Promise<RotatedSecret> {
  return http.post(`/api/webhooks/${id}/rotate-secret`, undefined, { schema: RotatedSecretSchema });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}
