import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { INBOX_KEY } from '../features/inbox/keys';
import { setUnauthorizedHandler } from '../lib/http';
import { getSession, isSessionExpiredPending, removeAccessToken, setAccessToken } from '../lib/session';
import { json, jwtExpiringIn, logIn, stubFetch } from '../testing/fixtures';
import { refreshAfterOpen, sessionAlive, sessionEnded } from './realtime';

describe('what a socket opening reads again', () => {
  it('nothing the first time; the inbox, mentions, tags and orders after a reconnection; everything after a 1012', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue(undefined);
    refreshAfterOpen(client, false, false);
    expect(invalidate).not.toHaveBeenCalled();
    refreshAfterOpen(client, true, false);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: INBOX_KEY });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['mentions'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['tags', 'list'] });
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: ['orders'] });
    refreshAfterOpen(client, true, true);
    // No filter: the user info, the inbox, the instance lists...
    expect(invalidate).toHaveBeenLastCalledWith();
    expect(invalidate).toHaveBeenCalledTimes(5);
  });
});

// docs/contracts.md#deliberate-deviations-from-the-specification: after a 1008 the session is
// checked; a revoked one goes to /login instead of reconnecting every second.
describe('after a 1008 close', () => {
  let goToLogin: Mock<() => void>;
  beforeEach(() => {
    goToLogin = vi.fn<() => void>();
    setUnauthorizedHandler(goToLogin);
    sessionStorage.clear();
  });

  it('a session the server still accepts is alive: the socket reconnects', async () => {
    logIn();
    const { callsTo } = stubFetch({ 'GET /api/auth/userInfo': () => json({ user: { id: 1 } }) });
    await expect(sessionAlive()).resolves.toBe(true);
    expect(callsTo('GET /api/auth/userInfo')).toHaveLength(1);
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('a revoked token (401 Token is Invalid) is over: sessionEnded removes it and goes to /login', async () => {
    logIn();
    stubFetch({ 'GET /api/auth/userInfo': () => json({ status: 'Token is Invalid' }, 401) });
    await expect(sessionAlive()).resolves.toBe(false);
    // The check itself changes nothing: the decision is sessionEnded's.
    expect(goToLogin).not.toHaveBeenCalled();
    sessionEnded();
    expect(goToLogin).toHaveBeenCalledTimes(1);
    expect(getSession().accessToken).toBeNull();
    expect(isSessionExpiredPending()).toBe(true);
  });

  it('a password change: the old session’s 1008 while the new token is being stored is alive, nothing is removed', async () => {
    logIn();
    stubFetch({
      'GET /api/auth/userInfo': () => {
        // The password change's answer stores the new session's token while the check is in flight.
        setAccessToken(jwtExpiringIn(900));
        return json({ status: 'Token is Invalid' }, 401);
      },
    });
    await expect(sessionAlive()).resolves.toBe(true);
    expect(goToLogin).not.toHaveBeenCalled();
    expect(getSession().accessToken).not.toBeNull();
  });

  it('an access token that merely expired is refreshed: alive', async () => {
    logIn();
    const { callsTo } = stubFetch({
      'GET /api/auth/userInfo': () => json({ errors: [{ message: 'Token has expired' }] }, 401),
      'POST /api/auth/refresh': () => json({ refreshToken: { token: jwtExpiringIn(900) } }),
    });
    await expect(sessionAlive()).resolves.toBe(true);
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(1);
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('any other failure counts as over: sessionEnded removes the token and goes to /login', async () => {
    logIn();
    stubFetch({ 'GET /api/auth/userInfo': () => json({ code: 'tenant_not_found', message: 'x' }, 404) });
    await expect(sessionAlive()).resolves.toBe(false);
    expect(goToLogin).not.toHaveBeenCalled();
    sessionEnded();
    expect(goToLogin).toHaveBeenCalledTimes(1);
    expect(getSession().accessToken).toBeNull();
    expect(isSessionExpiredPending()).toBe(true);
  });

  it('during a logout (token already removed): no call, no redirect, no "session expired" notice', async () => {
    logIn();
    removeAccessToken();
    const { calls } = stubFetch({});
    await expect(sessionAlive()).resolves.toBe(false);
    sessionEnded();
    expect(calls).toHaveLength(0);
    expect(goToLogin).not.toHaveBeenCalled();
    expect(isSessionExpiredPending()).toBe(false);
  });
});
