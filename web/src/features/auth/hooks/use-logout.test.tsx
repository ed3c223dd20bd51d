import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http, setUnauthorizedHandler } from '../../../lib/http';
import { getSession } from '../../../lib/session';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { useLogout } from './use-logout';

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => void logout()}>
      Sair
    </button>
  );
}

function renderScreen() {
  return renderRoutes(
    [
      { path: '/', element: <LogoutButton /> },
      { path: '/login', element: <p>tela de login</p> },
    ],
    '/',
  );
}

// docs/auth.md: logout ends the access token too (401 `Token is Invalid` afterwards).
describe('useLogout', () => {
  beforeEach(() => {
    setUnauthorizedHandler(() => {});
  });

  it('ends the token it removed first: nothing else sends it while the logout runs', async () => {
    const token = logIn();
    let releaseLogout: (response: Response) => void = () => {};
    const { calls, callsTo } = stubFetch({
      'GET /api/ip': () => json({ ip: '1.2.3.4' }),
      'POST /api/auth/logout': () => new Promise<Response>((resolve) => (releaseLogout = resolve)),
      'GET /api/users': () => json({ data: [] }),
    });
    const { router } = renderScreen();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sair' }));

    await waitFor(() => expect(callsTo('POST /api/auth/logout')).toHaveLength(1));
    const [logoutCall] = callsTo('POST /api/auth/logout');
    expect(logoutCall?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(logoutCall?.body).toEqual({ data: { uid: 7, email: 'ana@acme.com.br' }, ip: '1.2.3.4' });
    expect(logoutCall?.credentials).toBe('include');
    // While the server ends it, the token is gone from storage (the user info stays until /login)...
    expect(getSession().accessToken).toBeNull();
    expect(getSession().userInfo?.email).toBe('ana@acme.com.br');
    // ...so a query firing now is not sent with it (nor without it).
    await expect(http.get('/api/users')).rejects.toMatchObject({ status: 401 });
    expect(callsTo('GET /api/users')).toHaveLength(0);

    releaseLogout(json({}));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession().userInfo).toBeNull();
    expect(calls.every((call) => call.path === '/api/ip' || call.path === '/api/auth/logout')).toBe(true);
  });

  it('clears the session and goes to /login when the logout call fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    logIn();
    stubFetch({
      'GET /api/ip': () => json({ ip: '1.2.3.4' }),
      'POST /api/auth/logout': () => json({ status: 'Token is Invalid' }, 401),
    });
    const { router } = renderScreen();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession().userInfo).toBeNull();
    expect(getSession().accessToken).toBeNull();
    expect(console.error).toHaveBeenCalledWith('[auth] logout failed; clearing the session anyway', expect.anything());
  });
});
