/**
 * GET /api/tokens (route `users`; issue 47) → every token of the company, the newest first, never
 * with its secret.
 */
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { apiTokenKeys } from '../keys';
import { ApiTokenListSchema, type ApiToken } from './schemas';

export function getApiTokens(): Promise<ApiToken[]> {
  return http.get('/api/tokens', { schema: ApiTokenListSchema });
}

export function useApiTokens() {
  return useQuery({ queryKey: apiTokenKeys.list(), queryFn: getApiTokens });
}
