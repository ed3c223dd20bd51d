import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { INBOX_KEY } from '../features/inbox/keys';
import { setUnauthorizedHandler } from '../lib/http';
import { getSession, isSessionExpiredPending, removeAccessToken } from '../lib/session';
import { json, logIn, stubFetch } from '../testing/fixtures';
import { refreshAfterOpen, sessionAlive, sessionEnded } from './realtime';

describe('what a socket opening reads again', () => {
  it('nothing the first time; the inbox after a reconnection; everything after a 1012 (rights changed)', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue(undefined);
    refreshAfterOpen(client, false, false);
    expect(invalidate).not.toHaveBeenCalled();
    refreshAfterOpen(client, true, false);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: INBOX_KEY });
    refreshAfterOpen(client, true, true);
    // No filter: the user info, the inbox, the instance lists...
    expect(invalidate).toHaveBeenLastCalledWith();
    expect(invalidate).toHaveBeenCalledTimes(2);
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

  it('a revoked token (401 Token is Invalid) is over: the HTTP client already went to /login', async () => {
    logIn();
    stubFetch({ 'GET /api/auth/userInfo': () => json({ status: 'Token is Invalid' }, 401) });
    await expect(sessionAlive()).resolves.toBe(false);
    expect(goToLogin).toHaveBeenCalledTimes(1);
    expect(getSession().accessToken).toBeNull();
    // Nothing more to do: the token is gone.
    sessionEnded();
    expect(goToLogin).toHaveBeenCalledTimes(1);
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
