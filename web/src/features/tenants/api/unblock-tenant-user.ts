/**
 * POST /api/tenant/unblock-user `{tenantName, email}` → the user, `blocked: false`
 * (docs/auth.md#guessing-limits; back-office operators): unblocks a user of any tenant locked out by
 * wrong passwords — the way out when a tenant's own administrators are the ones blocked. 404
 * `tenant_not_found` / `user_not_found` with a pt_BR message; 422 for a bad body.
 */
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';

/** What this screen reads of the user the server answers with (it sends the whole user view). */
const UnblockedUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  blocked: z.boolean(),
});
export type UnblockedUser = z.infer<typeof UnblockedUserSchema>;

export interface UnblockTenantUserInput {
  tenantName: string;
  email: string;
}

export function unblockTenantUser(input: UnblockTenantUserInput): Promise<UnblockedUser> {
  return http.post('/api/tenant/unblock-user', input, { schema: UnblockedUserSchema });
}

/** No list of this screen shows users, so nothing is invalidated. */
export function useUnblockTenantUser() {
  return useMutation({ mutationFn: unblockTenantUser });
}
