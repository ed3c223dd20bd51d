/**
 * GET /api/bot/config?instanceId=N → the bot's configuration for a scope (without `instanceId`:
 * the tenant's default). An instance without its own answers the default's values with
 * `inherited: true`. Route `dashboard-maria-panel` reads it (supervisors see it read-only); feature
 * `chatbot` off → 403 `feature_disabled`.
 *
 * Not read again in the background (no refetch on focus, no stale time): the editor starts its
 * draft from it, and only a save or a reset (which write or invalidate it) replace it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { chatbotKeys } from '../keys';
import { BotConfigSchema, type BotConfig } from './schemas';

export function getBotConfig(instanceId: number | null): Promise<BotConfig> {
  return http.get('/api/bot/config', { query: { instanceId: instanceId ?? undefined }, schema: BotConfigSchema });
}

export function botConfigQueryOptions(instanceId: number | null) {
  return queryOptions({
    queryKey: chatbotKeys.config(instanceId),
    queryFn: () => getBotConfig(instanceId),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useBotConfig(instanceId: number | null) {
  return useQuery(botConfigQueryOptions(instanceId));
}
