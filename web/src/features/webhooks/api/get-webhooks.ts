/**
 * GET /api/webhooks → `{data: [Endpoint]}` (route `webhooks`, feature `webhooks`;
 * docs/campaigns.md): the tenant's endpoints, never with their secrets.
 */
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { webhookKeys } from '../keys';
import { EndpointListSchema, type Endpoint } from './schemas';

export async function getWebhooks(): Promise<Endpoint[]> {
  return (await http.get('/api/webhooks', { schema: EndpointListSchema })).data;
}

export function useWebhooks() {
  return useQuery({ queryKey: webhookKeys.list(), queryFn: getWebhooks });
}
