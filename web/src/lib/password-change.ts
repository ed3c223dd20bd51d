/**
 * Whether the logged-in person must first change a temporary password
 * (docs/account.md#temporary-password-administrator). The server refuses every other call until
 * then; the app keeps the fact in localStorage (`mustChangePassword`) so that the route guard sends
 * the person to /trocar-senha before a screen opens anything — a reload included. Written by the
 * login (its answer's `must_change_password`), by a 403 `password_change_required`, by the
 * /trocar-senha loader (the user info's flag), and cleared once the new password is saved.
 */
const KEY = 'mustChangePassword';

export function mustChangePassword(): boolean {
  return localStorage.getItem(KEY) === 'true';
}

export function setMustChangePassword(value: boolean): void {
  if (value) localStorage.setItem(KEY, 'true');
  else localStorage.removeItem(KEY);
}
