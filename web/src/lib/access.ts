/**
 * Client-side access checks (docs/contracts.md#roles-and-route-permissions). They decide navigation
 * only; the server enforces permissions on every endpoint itself.
 */
import type { RouteRule } from '../config/paths';
import type { Permission } from './session';

/** Role used when no user info is stored (docs/contracts.md#roles-and-route-permissions). */
export const DEFAULT_ROLE = 'administrador';
/** The only role that passes rule 'admin'. */
export const ADMIN_ROLE = 'administrador';

export interface AccessContext {
  /** Role name of the stored user; null/empty means DEFAULT_ROLE. */
  role: string | null | undefined;
  /** Allowed route names (stored `permissionRoutes`). */
  permissionRoutes: readonly string[];
}

/**
 * Checked routes whose screen also opens, read-only, for holders of another route: the chatbot
 * editor (`chatbot`) for those who read the bot's figures (`dashboard-maria-panel`), as the server
 * lets them read its configuration (`GET /api/bot/config`) but not change it.
 */
export const READ_ONLY_ROUTES: Readonly<Record<string, readonly string[]>> = {
  chatbot: ['dashboard-maria-panel'],
};

/**
 * May the user open this route?
 * - 'admin': role administrador only;
 * - 'check': any role, and the route name must be in permissionRoutes (for a screen sharing a
 *   route's permission, config/paths.ts `screenRoutes`: that route's name; for a route of
 *   `READ_ONLY_ROUTES`, one of the routes that read it will do too);
 * - 'all': any role.
 */
export function canAccessRoute(
  route: { name: string; rule: RouteRule; permission?: string },
  context: AccessContext,
): boolean {
  const role = context.role || DEFAULT_ROLE;
  switch (route.rule) {
    case 'admin':
      return role === ADMIN_ROLE;
    case 'check':
      return (
        hasPermissionRoute(route.permission ?? route.name, context.permissionRoutes) ||
        (READ_ONLY_ROUTES[route.name] ?? []).some((reader) => hasPermissionRoute(reader, context.permissionRoutes))
      );
    case 'all':
      return true;
  }
}

/**
 * Is the route name among the permitted routes? (docs/contracts.md#roles-and-route-permissions,
 * first permission check)
 */
export function hasPermissionRoute(routeName: string, permissionRoutes: readonly string[]): boolean {
  return permissionRoutes.includes(routeName);
}

/**
 * Is there a permission with this route_name? (docs/contracts.md#roles-and-route-permissions,
 * second permission check, over stored `permissions`)
 */
export function hasPermission(routeName: string, permissions: readonly Permission[]): boolean {
  return permissions.some((permission) => permission.route_name === routeName);
}

export type NavigationDecision = 'allow' | 'login' | 'not-authorized';

/**
 * What happens after a navigation to a catalogue route: not logged in → /login; logged in but
 * the rule refuses → /pages/not-authorized; else the screen opens.
 */
export function decideNavigation(
  route: { name: string; rule: RouteRule; permission?: string },
  loggedIn: boolean,
  context: AccessContext,
): NavigationDecision {
  if (!loggedIn) return 'login';
  return canAccessRoute(route, context) ? 'allow' : 'not-authorized';
}
