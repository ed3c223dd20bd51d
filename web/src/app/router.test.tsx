import { waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ana, json, jwtExpiringIn, logIn, stubFetch } from '../testing/fixtures';
import { setAccessToken, setUserInfo } from '../lib/session';
import { routes } from './router';

async function landOn(path: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'), { timeout: 5000 });
  await waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 5000 });
  const pathname = router.state.location.pathname;
  router.dispose();
  return pathname;
}

// docs/contracts.md#screens-and-routes
describe('router', () => {
  it('redirects unknown paths to /pages/error-404', async () => {
    expect(await landOn('/nao-existe')).toBe('/pages/error-404');
  });

  it('opens the plain pages without a session', async () => {
    for (const path of [
      '/login',
      '/pages/comingsoon',
      '/pages/error-404',
      '/pages/error-500',
      '/pages/not-authorized',
    ]) {
      expect(await landOn(path)).toBe(path);
    }
  });

  it('sends a logged-out user to /login from any catalogue route', async () => {
    expect(await landOn('/')).toBe('/login');
    expect(await landOn('/users')).toBe('/login');
  });

  it('sends a logged-in user to home from /login', async () => {
    logIn();
    expect(await landOn('/login')).toBe('/');
  });

  it('refuses a checked route missing from permissionRoutes', async () => {
    logIn(['tenants']);
    expect(await landOn('/users')).toBe('/pages/not-authorized');
    expect(await landOn('/roles/edit/3')).toBe('/pages/not-authorized');
  });

  it('opens checked routes in permissionRoutes and open routes for everyone', async () => {
    logIn(['users', 'roles-edit']);
    expect(await landOn('/users')).toBe('/users');
    expect(await landOn('/roles/edit/3')).toBe('/roles/edit/3');
    expect(await landOn('/user-settings')).toBe('/user-settings');
  });

  it('opens /distribution for holders of `users` (the route whose permission it shares) only', async () => {
    logIn(['users']);
    expect(await landOn('/distribution')).toBe('/distribution');
    logIn(['customers', 'distribution']);
    expect(await landOn('/distribution')).toBe('/pages/not-authorized');
  });

  it('opens /service-levels for holders of `users` only, like /distribution', async () => {
    logIn(['users']);
    expect(await landOn('/service-levels')).toBe('/service-levels');
    logIn(['dashboard-control-panel', 'chatbot', 'service-levels']);
    expect(await landOn('/service-levels')).toBe('/pages/not-authorized');
  });

  it('opens /api-tokens for holders of `users` only, like /service-levels', async () => {
    logIn(['users']);
    expect(await landOn('/api-tokens')).toBe('/api-tokens');
    logIn(['customers', 'roles-list', 'api-tokens']);
    expect(await landOn('/api-tokens')).toBe('/pages/not-authorized');
  });

  it('opens /audit for holders of `users` only, like /api-tokens', async () => {
    logIn(['users']);
    expect(await landOn('/audit')).toBe('/audit');
    logIn(['customers', 'roles-list', 'api-tokens', 'audit']);
    expect(await landOn('/audit')).toBe('/pages/not-authorized');
  });

  it('renews an expired token with the refresh cookie before deciding', async () => {
    setUserInfo(ana);
    setAccessToken(jwtExpiringIn(-10));
    const { callsTo } = stubFetch({
      'POST /api/auth/refresh': () => json({ refreshToken: { token: jwtExpiringIn(900) } }),
    });
    expect(await landOn('/two-factor')).toBe('/two-factor');
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(1);
  });

  it('goes to /login when the refresh is refused', async () => {
    setUserInfo(ana);
    setAccessToken(jwtExpiringIn(-10));
    stubFetch({ 'POST /api/auth/refresh': () => json({ status: 'Token is Expired' }, 401) });
    expect(await landOn('/two-factor')).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
