/**
 * GET /api/users/options → `{roles, departments, instances}`: what the token form offers and what
 * the list names (a role's display name, the instances' names). The user form's call, served to
 * whoever holds route `users` — the tokens' route —, where `GET /api/permission` would need
 * `roles-list` and `GET /api/instance` `instances`. Departments are the active ones; instances
 * include inactive ones.
 */
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { apiTokenKeys } from '../keys';
import { TokenOptionsSchema, type TokenOptions } from './schemas';

export function getTokenOptions(): Promise<TokenOptions> {
  return http.get('/api/users/options', { schema: TokenOptionsSchema });
}

export function useTokenOptions() {
  return useQuery({ queryKey: apiTokenKeys.options(), queryFn: getTokenOptions });
}
