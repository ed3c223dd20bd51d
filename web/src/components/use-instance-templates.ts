/**
 * What a form needs to send through a number outside a conversation (the scheduling dialog, the
 * quick reply editor): the numbers the person may use (lib/instance-choices.ts) and a number's
 * message templates — `GET /api/templates?instanceId=` (any logged-in staff) → the templates last
 * synced from Meta, only `APPROVED` ones to be chosen (lib/message-templates.ts); a number that is
 * not official has none (an empty list).
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../lib/http';
import { getInstanceChoices, instanceChoicesKey, type InstanceSource } from '../lib/instance-choices';
import { TemplateSchema, type Template } from '../lib/message-templates';

/** Every instance's templates, and one instance's. */
export const instanceTemplatesKeys = {
  all: () => ['message-templates'] as const,
  of: (instanceId: number) => ['message-templates', instanceId] as const,
};

export function getInstanceTemplates(instanceId: number, signal?: AbortSignal): Promise<Template[]> {
  return http.get('/api/templates', { query: { instanceId }, schema: z.array(TemplateSchema), signal });
}

/** The number's templates; nothing is asked while `instanceId` is null. */
export function useInstanceTemplates(instanceId: number | null) {
  return useQuery({
    queryKey: instanceTemplatesKeys.of(instanceId ?? 0),
    queryFn: ({ signal }) => getInstanceTemplates(instanceId ?? 0, signal),
    enabled: instanceId !== null,
    staleTime: 60 * 1000,
  });
}

/** The numbers the person may use; nothing is asked until `enabled`. */
export function useInstanceChoices(source: InstanceSource, enabled = true) {
  return useQuery({
    queryKey: instanceChoicesKey(source),
    queryFn: () => getInstanceChoices(source),
    staleTime: 60 * 1000,
    enabled,
  });
}
