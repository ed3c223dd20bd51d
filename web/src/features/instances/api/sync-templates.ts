/**
 * POST /api/instance/{id}/templates/sync?tenantName= → `{synced, templates}`: the server reads the
 * official number's message templates from Meta and keeps them (docs/providers.md#templates), so
 * the inbox's picker and the campaigns offer what Meta approved. Cloud instances only; 422
 * `provider_error` when Meta refuses.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';

export const TemplatesSyncedSchema = z.object({
  synced: z.number(),
});
export type TemplatesSynced = z.infer<typeof TemplatesSyncedSchema>;

export function syncTemplates(id: number, tenantName: string | undefined): Promise<TemplatesSynced> {
  return http.post(`/api/instance/${id}/templates/sync`, undefined, {
    query: { tenantName },
    schema: TemplatesSyncedSchema,
  });
}

export function useSyncTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tenantName }: { id: number; tenantName: string | undefined }) => syncTemplates(id, tenantName),
    // The inbox's picker and the campaign form read the templates: they read them again.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes('templates') }),
  });
}
