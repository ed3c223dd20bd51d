/**
 * POST /api/tokens `{name, roleId, instanceIds, departmentId, expiresAt}` → 201 the token and its
 * secret (`token`), the only time the secret is ever sent. The secret stays out of every cache:
 * only the token without it goes into the list, and the mutation itself is dropped from the
 * mutation cache as soon as nothing watches it (`gcTime: 0`; the form `reset()`s it at once).
 * 422 `invalid_api_token` names the field (`name`, `roleId`, `instanceIds`, `departmentId`,
 * `expiresAt`); 403 `api_token_by_token` when a token asks.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { apiTokenKeys } from '../keys';
import { CreatedApiTokenSchema, type ApiToken, type ApiTokenInput, type CreatedApiToken } from './schemas';

export function createApiToken(input: ApiTokenInput): Promise<CreatedApiToken> {
  const body = {
    name: input.name,
    roleId: input.roleId,
    instanceIds: input.instanceIds,
    departmentId: input.departmentId,
    ...(input.expiresAt === null ? {} : { expiresAt: input.expiresAt }),
  };
  return http.post('/api/tokens', body, { schema: CreatedApiTokenSchema });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    gcTime: 0,
    onSuccess: ({ token: _secret, ...view }) => {
      queryClient.setQueryData<ApiToken[]>(apiTokenKeys.list(), (list) =>
        list ? [view, ...list.filter((token) => token.id !== view.id)] : list,
      );
      return queryClient.invalidateQueries({ queryKey: apiTokenKeys.list() });
    },
  });
}
