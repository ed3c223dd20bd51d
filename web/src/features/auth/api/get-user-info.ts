/**
 * GET /api/auth/userInfo → `{user:{id, name, username, email, image, role:{id, name, display_name},
 * ...}, has_permission_routes, sees_all_tickets, features}` (docs/contracts.md#api-calls). Each
 * answer refreshes the stored `userInfo` (docs/contracts.md#entities-and-storage-keys shape) and
 * `permissionRoutes`. The query options and hook are in hooks/use-user-info.ts: the login page
 * calls the fetcher without loading TanStack Query (a bundler chunk holds whole modules, not single
 * exports).
 */
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { setPermissionRoutes, setUserInfo, type StoredUserInfo } from '../../../lib/session';

// Loose: keys this client does not name are kept (a newer server's additions break nothing).
const UserInfoAnswerSchema = z.looseObject({
  user: z.looseObject({
    id: z.union([z.number(), z.string()]),
    name: z.string(),
    username: z.nullish(z.string()),
    email: z.string(),
    image: z.nullish(z.string()),
    role: z.nullish(
      z.looseObject({
        id: z.union([z.number(), z.string()]),
        name: z.string(),
        display_name: z.nullish(z.string()),
      }),
    ),
    /** Two-factor is on for this user (docs/auth.md). */
    twoFactorEnabled: z.optional(z.boolean()),
    /** Connected (lib/presence.ts): false exactly when the status is offline. */
    isConnected: z.optional(z.boolean()),
  }),
  has_permission_routes: z.array(z.string()),
  /** The inbox shows this user every ticket of the tenant (docs/inbox.md#who-sees-what). */
  sees_all_tickets: z.optional(z.boolean()),
  // `features` (the options the tenant has on, `["analytics", "reports", …]`) is kept by the loose
  // object and checked by lib/features.ts, off the login path: declaring it here (z.catch, so that
  // a bad shape cannot fail the user info) costs /login 0.3 KB.
});
export type UserInfoAnswer = z.infer<typeof UserInfoAnswerSchema>;

/** The user of the answer in the stored shape (docs/contracts.md#entities-and-storage-keys). */
export function toStoredUserInfo(user: UserInfoAnswer['user']): StoredUserInfo {
  return {
    // No role stored means the default role (docs/contracts.md#roles-and-route-permissions); keep
    // it empty rather than inventing one.
    role: { name: user.role?.name ?? '' },
    displayName: user.name,
    email: user.email,
    photoURL: user.image ?? null,
    uid: user.id,
  };
}

/** Fetches the user info and stores it (userInfo + permissionRoutes). */
export async function getUserInfo(): Promise<UserInfoAnswer> {
  const answer = await http.get('/api/auth/userInfo', { schema: UserInfoAnswerSchema });
  setUserInfo(toStoredUserInfo(answer.user));
  setPermissionRoutes(answer.has_permission_routes);
  return answer;
}
