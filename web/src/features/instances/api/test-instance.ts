/**
 * POST /api/instance/{id}/test?tenantName= → `{displayPhoneNumber, verifiedName, qualityRating,
 * messagingLimit}`: the server asks Meta's WhatsApp Cloud API about the instance's number with the
 * stored token, so a wrong id or token shows up here rather than as messages that never arrive.
 * Cloud instances only. 422 `provider_error` ("Erro no provedor da instância: …") when Meta refuses.
 */
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';

export const ConnectionTestSchema = z.object({
  displayPhoneNumber: z.string(),
  verifiedName: z.string(),
  /** Meta's `quality_rating`: `GREEN`, `YELLOW`, `RED` or `UNKNOWN`. */
  qualityRating: z._default(z.string(), 'UNKNOWN'),
  /** Meta's messaging limit tier (e.g. `TIER_1K`), when it reports one. */
  messagingLimit: z.nullish(z.string()),
});
export type ConnectionTest = z.infer<typeof ConnectionTestSchema>;

export function testInstance(id: number, tenantName: string | undefined): Promise<ConnectionTest> {
  return http.post(`/api/instance/${id}/test`, undefined, { query: { tenantName }, schema: ConnectionTestSchema });
}

export function useTestInstance() {
  return useMutation({
    mutationFn: ({ id, tenantName }: { id: number; tenantName: string | undefined }) => testInstance(id, tenantName),
  });
}
