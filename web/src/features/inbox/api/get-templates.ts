/**
 * GET /api/templates?instanceId= → the number's message templates as last synced from Meta (any
 * logged-in staff; an administrator syncs them in Instâncias): `{id, instanceId, name, language,
 * category, status, header, body, footer, parameters: [{index, example}], syncedAt}`. `body` holds
 * the placeholders `{{1}}`, `{{2}}`…; only `APPROVED` ones can be sent (`template.ts`).
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { inboxKeys } from '../keys';

export const TemplateSchema = z.object({
  id: z.number(),
  instanceId: z.number(),
  name: z.string(),
  /** `pt_BR`, `en_US`… */
  language: z.string(),
  /** `MARKETING`, `UTILITY` or `AUTHENTICATION`. */
  category: z.string(),
  /** `APPROVED`, `PENDING`, `REJECTED`, `PAUSED`, `DISABLED`, or another of Meta's. */
  status: z.string(),
  header: z.nullish(z.string()),
  body: z.string(),
  footer: z.nullish(z.string()),
  parameters: z._default(z.array(z.object({ index: z.number(), example: z.nullish(z.string()) })), []),
  syncedAt: z.nullish(z.string()),
});
export type Template = z.infer<typeof TemplateSchema>;

export function getTemplates(instanceId: number): Promise<Template[]> {
  return http.get('/api/templates', { query: { instanceId }, schema: z.array(TemplateSchema) });
}

export function useTemplates(instanceId: number) {
  return useQuery({
    queryKey: inboxKeys.templates(instanceId),
    queryFn: () => getTemplates(instanceId),
    staleTime: 5 * 60 * 1000,
  });
}
