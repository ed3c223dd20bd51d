/**
 * Route loaders that decide, on every navigation, whether a screen may open
 * (docs/contracts.md#screens-and-routes, docs/contracts.md#roles-and-route-permissions).
 */
import { redirect, type LoaderFunction } from 'react-router-dom';
import { HOME_ROUTE, plainPaths, routePath, type LayoutRoute } from '../config/paths';
import { decideNavigation } from '../lib/access';
import { isConnectionError } from '../lib/connection';
import { refreshAccessToken } from '../lib/http';
import { mustChangePassword } from '../lib/password-change';
import { getSession, isLoggedIn, removeAccessToken } from '../lib/session';

/**
 * True when the user counts as logged in (docs/contracts.md#states-and-transitions). Access tokens
 * are short-lived (docs/auth.md), so when the user info is there but the token has passed its
 * expiry, the refresh cookie is tried once before sending the user to /login.
 */
export async function ensureSession(): Promise<boolean> {
  const session = getSession();
  if (isLoggedIn(session)) return true;
  if (session.userInfo === null || session.accessToken === null) return false;
  try {
    await refreshAccessToken();
  } catch (error) {
    // Offline is no reason to end the session: the error page says so and offers a retry.
    if (isConnectionError(error)) throw error;
    removeAccessToken();
    return false;
  }
  return isLoggedIn();
}

/** Loader of a route of the navigation layout: not logged in → /login; refused by the rule → /pages/not-authorized. */
export function guardRoute(route: LayoutRoute): LoaderFunction {
  return async () => {
    const loggedIn = await ensureSession();
    const session = getSession();
    const decision = decideNavigation(route, loggedIn, {
      role: session.userInfo?.role.name,
      permissionRoutes: session.permissionRoutes,
    });
    if (decision === 'login') return redirect(plainPaths.login);
    if (decision === 'not-authorized') return redirect(plainPaths.notAuthorized);
    // docs/account.md: a temporary password is changed before any screen opens.
    if (mustChangePassword()) return redirect(plainPaths.changePassword);
    return null;
  };
}

/** Loader of /login: someone already logged in goes home. */
export const redirectIfLoggedIn: LoaderFunction = () => (isLoggedIn() ? redirect(routePath(HOME_ROUTE)) : null);
