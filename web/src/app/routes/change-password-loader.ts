/**
 * The loader of /trocar-senha (change-password.tsx; a module of its own, loaded with the page): a
 * visitor who is not logged in goes to /login, and someone whose password is not temporary (the
 * user info's `must_change_password`, docs/account.md) goes home.
 */
import { redirect, type LoaderFunction } from 'react-router-dom';
import { HOME_ROUTE, plainPaths, routePath } from '../../config/paths';
import { getUserInfo } from '../../features/auth/api/get-user-info';
import { setMustChangePassword } from '../../lib/password-change';
import { ensureSession } from '../guards';

export const loader: LoaderFunction = async () => {
  if (!(await ensureSession())) return redirect(plainPaths.login);
  try {
    const info = await getUserInfo();
    setMustChangePassword(info.must_change_password === true);
    if (info.must_change_password !== true) return redirect(routePath(HOME_ROUTE));
  } catch {
    // The user info did not load: the change itself is still the only way forward.
  }
  return null;
};
