/**
 * GET /api/templates?instanceId= → an official number's message templates as last synced from
 * Meta (any logged-in staff; an administrator syncs them in Instâncias): `{id, instanceId, name,
 * language, category, status, header, body, footer, parameters: [{index, example}], syncedAt}`.
 * Only `APPROVED` ones can be sent (lib/message-templates.ts). Other numbers have none (an empty list).
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { TemplateSchema, type Template } from '../../../lib/message-templates';
import { campaignKeys } from '../keys';

export function getCampaignTemplates(instanceId: number): Promise<Template[]> {
  return http.get('/api/templates', { query: { instanceId }, schema: z.array(TemplateSchema) });
}

/** The number's templates; nothing is asked while `instanceId` is null. */
export function useCampaignTemplates(instanceId: number | null) {
  return useQuery({
    queryKey: campaignKeys.templates(instanceId ?? 0),
    queryFn: () => getCampaignTemplates(instanceId ?? 0),
    enabled: instanceId !== null,
    staleTime: 60 * 1000,
  });
}
