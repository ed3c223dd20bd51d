import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import * as z from 'zod/mini';
import { json, jwtExpiringIn, logIn, stubFetch } from '../testing/fixtures';
import { ApiError, http, LOGOUT_STATUSES, parseRetryAfter, setUnauthorizedHandler } from './http';
import { getLoadingState } from './loading';
import { clearSession, getSession, isSessionExpiredPending, removeAccessToken } from './session';

const expired = () => json({ errors: [{ message: 'Token has expired' }] }, 401);
const ok =
  (body: unknown = { ok: true }) =>
  () =>
    json(body);

let goToLogin: Mock<() => void>;
beforeEach(() => {
  goToLogin = vi.fn<() => void>();
  setUnauthorizedHandler(goToLogin);
  sessionStorage.clear();
});

describe('http client', () => {
  it('sends the bearer token from storage and JSON bodies', async () => {
    const token = logIn();
    const { calls } = stubFetch({ 'POST /api/users/email': ok({ id: 1 }) });
    await expect(http.post('/api/users/email', { email: 'a@b.c' })).resolves.toEqual({ id: 1 });
    expect(calls[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ email: 'a@b.c' });
  });

  // The server answers 415 to any body that is not JSON (docs/contracts.md#api-conventions).
  it('sends Content-Type: application/json with every body, and no Content-Type without one', async () => {
    logIn();
    const { callsTo } = stubFetch({
      'PUT /api/users/3': ok({ id: 3 }),
      'PATCH /api/users/3': ok({ id: 3 }),
      'POST /api/tenant/delete': ok({ id: 3 }),
      'GET /api/users': ok({ data: [] }),
      'DELETE /api/users/3': () => new Response(null, { status: 204 }),
    });
    await http.put('/api/users/3', { name: 'Ana' });
    await http.post('/api/tenant/delete', { id: 3 });
    // Unblock: no body at all, so no Content-Type (undefined and null alike).
    await http.patch('/api/users/3');
    await http.patch('/api/users/3', null);
    await http.get('/api/users', { query: { page: 1 } });
    await http.delete('/api/users/3');

    const [put] = callsTo('PUT /api/users/3');
    expect(put?.headers.get('Content-Type')).toBe('application/json');
    expect(put?.body).toEqual({ name: 'Ana' });
    expect(callsTo('POST /api/tenant/delete')[0]?.headers.get('Content-Type')).toBe('application/json');
    for (const call of [
      ...callsTo('PATCH /api/users/3'),
      ...callsTo('GET /api/users'),
      ...callsTo('DELETE /api/users/3'),
    ]) {
      expect(call.headers.has('Content-Type')).toBe(false);
      expect(call.body).toBeUndefined();
    }
    expect(callsTo('PATCH /api/users/3')).toHaveLength(2);
  });

  // docs/campaigns.md: the recipients import takes the file's bytes, typed as the file.
  it('sends a file as its bytes, with the type asked for or the file’s own', async () => {
    logIn();
    const { calls } = stubFetch({ 'POST /api/campaigns/recipients/import': ok({ contacts: [] }) });
    const csv = new File(['telefone\n11999990000\n'], 'contatos.csv', { type: '' });
    const xlsx = new File(['PK'], 'contatos.xlsx', { type: 'application/octet-stream' });
    await http.post('/api/campaigns/recipients/import', csv, { contentType: 'text/csv' });
    await http.post('/api/campaigns/recipients/import', xlsx);
    expect(calls[0]?.body).toBe(csv);
    expect(calls[0]?.headers.get('Content-Type')).toBe('text/csv');
    expect(calls[1]?.body).toBe(xlsx);
    expect(calls[1]?.headers.get('Content-Type')).toBe('application/octet-stream');
  });

  it('refreshes without a body and without a Content-Type', async () => {
    logIn();
    const { callsTo } = stubFetch({
      'GET /api/x': [expired, ok()],
      'POST /api/auth/refresh': ok({ refreshToken: { token: jwtExpiringIn(900) } }),
    });
    await http.get('/api/x');
    const [refresh] = callsTo('POST /api/auth/refresh');
    expect(refresh?.headers.has('Content-Type')).toBe(false);
    expect(refresh?.body).toBeUndefined();
  });

  it('sends a given token instead of the stored one (logout, after the session is cleared)', async () => {
    const { calls } = stubFetch({ 'POST /api/auth/logout': ok({}) });
    await http.post('/api/auth/logout', { data: {} }, { token: 'old-token', handleUnauthorized: false });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer old-token');
  });

  it('does not send a request that needs the token when there is none; the session ends', async () => {
    const { calls } = stubFetch({ 'GET /api/users': ok() });
    await expect(http.get('/api/users')).rejects.toMatchObject({ status: 401, code: 'unauthorized', errors: [] });
    expect(calls).toHaveLength(0);
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  it('leaves the token out when auth is false', async () => {
    logIn();
    const { calls } = stubFetch({ 'GET /api/ip': ok({ ip: '1.2.3.4' }) });
    await http.get('/api/ip', { auth: false });
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('rejects non-401 errors with the server code, pt_BR message and field errors', async () => {
    logIn();
    stubFetch({
      'POST /api/users': () =>
        json(
          {
            code: 'user_limit_reached',
            message: 'Limite de usuários atingido',
            errors: [{ field: 'email', message: 'Já existe' }],
          },
          422,
        ),
    });
    const error = await http.post('/api/users', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'user_limit_reached',
      message: 'Limite de usuários atingido',
      errors: [{ field: 'email', message: 'Já existe' }],
    });
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('gives a pt_BR message when the server sends none, and status 0 when offline', async () => {
    logIn();
    stubFetch({ 'GET /api/x': () => new Response('boom', { status: 500 }) });
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 500, code: 'server_error' });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('a read cancelled while its answer is read rejects with the abort, and logs no unexpected answer', async () => {
    logIn();
    const aborted = new Response(
      new ReadableStream({ start: (controller) => controller.error(new DOMException('aborted', 'AbortError')) }),
      { status: 200, headers: { 'Content-Type': 'application/json' } },
    );
    stubFetch({ 'GET /api/customers': () => aborted });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const schema = z.object({ data: z.array(z.number()) });
    await expect(http.get('/api/customers', { schema })).rejects.toMatchObject({ name: 'AbortError' });
    expect(logged).not.toHaveBeenCalled();
  });

  it('counts requests in flight for the loading indicator', async () => {
    logIn();
    let release: (r: Response) => void = () => {};
    stubFetch({ 'GET /api/slow': () => new Promise<Response>((resolve) => (release = resolve)) });
    const pending = http.get('/api/slow');
    expect(getLoadingState().requests).toBe(true);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    release(json({}));
    await pending;
    expect(getLoadingState().requests).toBe(false);
  });
});

// docs/auth.md#the-401-contract
describe('http client 401 rules', () => {
  it("'Token has expired' refreshes the token and retries the request once with it", async () => {
    logIn();
    const fresh = jwtExpiringIn(900);
    const { calls, callsTo } = stubFetch({
      'GET /api/users': [expired, ok([{ id: 1 }])],
      'POST /api/auth/refresh': ok({ refreshToken: { token: fresh } }),
    });

    await expect(http.get('/api/users')).resolves.toEqual([{ id: 1 }]);

    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/users',
      'POST /api/auth/refresh',
      'GET /api/users',
    ]);
    expect(callsTo('POST /api/auth/refresh')[0]?.credentials).toBe('include');
    expect(callsTo('GET /api/users')[1]?.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    expect(getSession().accessToken).toBe(fresh);
    expect(getSession().accessTokenExpiry).toBeGreaterThan(Date.now());
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('does not retry a second time when the retried request expires again', async () => {
    logIn();
    const { callsTo } = stubFetch({
      'GET /api/users': expired,
      'POST /api/auth/refresh': ok({ refreshToken: { token: jwtExpiringIn(900) } }),
    });

    await expect(http.get('/api/users')).rejects.toMatchObject({ status: 401 });

    expect(callsTo('GET /api/users')).toHaveLength(2);
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(1);
  });

  it('shares one refresh between concurrent expired requests', async () => {
    logIn();
    const fresh = jwtExpiringIn(900);
    let releaseRefresh: () => void = () => {};
    const { callsTo } = stubFetch({
      'GET /api/users': (call) => (call.headers.get('Authorization') === `Bearer ${fresh}` ? json(['u']) : expired()),
      'GET /api/tenant/x': (call) =>
        call.headers.get('Authorization') === `Bearer ${fresh}` ? json(['t']) : expired(),
      'POST /api/auth/refresh': () =>
        new Promise<Response>((resolve) => {
          releaseRefresh = () => resolve(json({ refreshToken: { token: fresh } }));
        }),
    });

    const both = Promise.all([http.get('/api/users'), http.get('/api/tenant/x')]);
    await vi.waitFor(() => expect(callsTo('POST /api/auth/refresh')).toHaveLength(1));
    releaseRefresh();

    await expect(both).resolves.toEqual([['u'], ['t']]);
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(1);
  });

  it('retries without refreshing when another request already refreshed the token', async () => {
    const old = logIn();
    const fresh = jwtExpiringIn(900);
    const { callsTo } = stubFetch({
      'GET /api/slow': [
        () => {
          // While this request was in flight, another one refreshed.
          localStorage.setItem('accessToken', fresh);
          window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
          return expired();
        },
        ok('done'),
      ],
      'POST /api/auth/refresh': ok({ refreshToken: { token: 'never' } }),
    });

    await expect(http.get('/api/slow')).resolves.toBe('done');
    expect(callsTo('POST /api/auth/refresh')).toHaveLength(0);
    expect(callsTo('GET /api/slow')[0]?.headers.get('Authorization')).toBe(`Bearer ${old}`);
    expect(callsTo('GET /api/slow')[1]?.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
  });

  it('a failed refresh removes the token and goes to /login', async () => {
    logIn();
    stubFetch({
      'GET /api/users': expired,
      'POST /api/auth/refresh': () => json({ status: 'Token is Expired' }, 401),
    });

    await expect(http.get('/api/users')).rejects.toMatchObject({ status: 401 });
    expect(getSession().accessToken).toBeNull();
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  it.each(LOGOUT_STATUSES)(
    "body status '%s' removes the token and goes to /login without refreshing",
    async (status) => {
      logIn();
      const { callsTo } = stubFetch({
        'GET /api/users': () => json({ status }, 401),
        'POST /api/auth/refresh': ok({ refreshToken: { token: 'x' } }),
      });

      await expect(http.get('/api/users')).rejects.toMatchObject({ status: 401 });
      expect(getSession().accessToken).toBeNull();
      expect(getSession().accessTokenExpiry).toBeNull();
      expect(goToLogin).toHaveBeenCalledTimes(1);
      expect(callsTo('POST /api/auth/refresh')).toHaveLength(0);
    },
  );

  it.each(['Unauthorized', 'Authorization Token not found'])(
    "errors[].message '%s' removes the token and goes to /login",
    async (message) => {
      logIn();
      stubFetch({ 'GET /api/users': () => json({ errors: [{ message }] }, 401) });

      await expect(http.get('/api/users')).rejects.toMatchObject({ status: 401 });
      expect(getSession().accessToken).toBeNull();
      expect(goToLogin).toHaveBeenCalledTimes(1);
    },
  );

  it('any other 401 is rejected to the caller, keeping the session', async () => {
    const token = logIn();
    stubFetch({ 'GET /api/users': () => json({ errors: [{ message: 'Something else' }] }, 401) });

    await expect(http.get('/api/users')).rejects.toBeInstanceOf(ApiError);
    expect(getSession().accessToken).toBe(token);
    expect(goToLogin).not.toHaveBeenCalled();
  });

  // The login screen then says "Sua sessão expirou, entre novamente." (features/auth).
  it('a 401 that ends a session the user had leaves the login screen a notice', async () => {
    logIn();
    stubFetch({ 'GET /api/users': () => json({ status: 'Token is Invalid' }, 401) });
    await expect(http.get('/api/users')).rejects.toMatchObject({ status: 401 });
    expect(isSessionExpiredPending()).toBe(true);
  });

  it('a refused refresh leaves the notice too; a request after a logout does not', async () => {
    logIn();
    stubFetch({
      'GET /api/users': expired,
      'POST /api/auth/refresh': () => json({ status: 'Token is Expired' }, 401),
    });
    await expect(http.get('/api/users')).rejects.toMatchObject({ status: 401 });
    expect(isSessionExpiredPending()).toBe(true);

    // A logout: the token goes first, then everything; nothing left tells the person anything.
    clearSession();
    expect(isSessionExpiredPending()).toBe(false);
    logIn();
    removeAccessToken();
    await expect(http.get('/api/users')).rejects.toMatchObject({ status: 401 });
    expect(isSessionExpiredPending()).toBe(false);
  });

  it('a refresh that cannot reach the server keeps the session and says so', async () => {
    const token = logIn();
    stubFetch({
      'GET /api/users': expired,
      'POST /api/auth/refresh': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(http.get('/api/users')).rejects.toMatchObject({ status: 0, code: 'network_error' });
    expect(getSession().accessToken).toBe(token);
    expect(goToLogin).not.toHaveBeenCalled();
    expect(isSessionExpiredPending()).toBe(false);
  });

  it('a request that opts out of the 401 rules just rejects', async () => {
    const token = logIn();
    stubFetch({ 'POST /api/auth/logout': () => json({ status: 'Token is Invalid' }, 401) });

    await expect(http.post('/api/auth/logout', {}, { handleUnauthorized: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(getSession().accessToken).toBe(token);
    expect(goToLogin).not.toHaveBeenCalled();
  });
});

describe('Retry-After', () => {
  it('a 429 keeps the seconds to wait', async () => {
    stubFetch({
      'POST /api/auth/login': () =>
        new Response(JSON.stringify({ code: 'rate_limited', message: 'Muitas tentativas.' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
        }),
    });
    await expect(http.post('/api/auth/login', {}, { auth: false })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfter: 42,
    });
  });

  it('reads seconds or an HTTP date, at least 1 s; anything else is null', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('0', now)).toBe(1);
    expect(parseRetryAfter('Thu, 26 Nov 2026 12:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('logo', now)).toBeNull();
  });
});
