/**
 * GET /api/templates?instanceId= → the number's message templates as last synced from Meta (any
 * logged-in staff; an administrator syncs them in Instâncias): `{id, instanceId, name, language,
 * category, status, header, body, footer, parameters: [{index, example}], syncedAt}`. `body` holds
 * the placeholders `{{1}}`, `{{2}}`…; only `APPROVED` ones can be sent (lib/message-templates.ts).
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { TemplateSchema, type Template } from '../../../lib/message-templates';
import { inboxKeys } from '../keys';

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
