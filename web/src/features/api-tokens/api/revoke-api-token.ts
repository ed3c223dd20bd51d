/**
 * DELETE /api/tokens/{id} → 200 the token, `revoked` (again: the same answer). Its next request
 * answers 401; what it did keeps its name. 404 `api_token_not_found`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { apiTokenKeys } from '../keys';
import { ApiTokenSchema, type ApiToken } from './schemas';

export function revokeApiToken(id: number): Promise<ApiToken> {
  return http.delete(`/api/tokens/${id}`, { schema: ApiTokenSchema });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: (revoked) => {
      queryClient.setQueryData<ApiToken[]>(apiTokenKeys.list(), (list) =>
        list?.map((token) => (token.id === revoked.id ? revoked : token)),
      );
      return queryClient.invalidateQueries({ queryKey: apiTokenKeys.list() });
    },
  });
}
