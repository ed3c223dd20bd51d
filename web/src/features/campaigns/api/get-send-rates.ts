/**
 * GET /api/campaigns/rates → `[{instanceId, instanceName, ratePerMinute}]`, every instance by name
 * (docs/campaigns.md): the messages a minute each instance sends for its campaigns (default 20,
 * 1–600), shared by every campaign running on it.
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { campaignKeys } from '../keys';
import { SendRateSchema, type SendRate } from './schemas';

export function getSendRates(): Promise<SendRate[]> {
  return http.get('/api/campaigns/rates', { schema: z.array(SendRateSchema) });
}

export function useSendRates() {
  return useQuery({ queryKey: campaignKeys.rates(), queryFn: getSendRates });
}
