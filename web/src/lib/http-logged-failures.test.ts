import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { json, logIn, stubFetch } from '../testing/fixtures';
import { ApiError, http, logsFailures, setUnauthorizedHandler } from './http';

// The specification's §8: "Permission and instance REST failures are logged and rethrown"
// (docs/contracts.md#error-messages).
describe('permission and instance call failures', () => {
  let consoleError: MockInstance<typeof console.error>;
  beforeEach(() => {
    setUnauthorizedHandler(() => {});
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => consoleError.mockRestore());

  it('are the /api/permission… and /api/instance… paths, nothing else', () => {
    for (const path of [
      '/api/permission',
      '/api/permission/categories',
      '/api/permission/email',
      '/api/permission/update',
      '/api/instance',
      '/api/instance/update',
      '/api/instance/syncMessages',
      '/api/instance/syncMessages/12',
      '/api/instance/4/connect',
    ]) {
      expect(logsFailures(path), path).toBe(true);
    }
    for (const path of ['/api/users', '/api/inbox/instances', '/api/instances', '/api/permissions', '/api/tenant']) {
      expect(logsFailures(path), path).toBe(false);
    }
  });

  it('a failed permission call is logged with console.error and rethrown to the caller', async () => {
    logIn(['roles-edit']);
    stubFetch({
      'POST /api/permission/update': () =>
        json({ code: 'unprocessable_entity', message: 'O perfil administrador precisa da rota roles-list.' }, 422),
    });
    const failure = http.post('/api/permission/update', { roleId: 1, permissions: [] });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('O perfil administrador precisa da rota roles-list.');
    expect(consoleError).toHaveBeenCalledTimes(1);
    const call: unknown[] = consoleError.mock.calls[0] ?? [];
    expect(call[0]).toBe('[api] POST /api/permission/update failed');
    expect((call[1] as ApiError).status).toBe(422);
  });

  it('a failed instance call is logged and rethrown (a network failure too)', async () => {
    logIn(['instances']);
    stubFetch({
      'GET /api/instance': () => json({ code: 'forbidden', message: 'Sem permissão.' }, 403),
      'POST /api/instance/syncMessages': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(http.get('/api/instance', { query: { tenantName: 'acme' } })).rejects.toThrow('Sem permissão.');
    await expect(http.post('/api/instance/syncMessages', { id: 1, daysAgo: 7 })).rejects.toMatchObject({
      code: 'network_error',
    });
    expect(consoleError.mock.calls.map((call: unknown[]) => call[0])).toEqual([
      '[api] GET /api/instance failed',
      '[api] POST /api/instance/syncMessages failed',
    ]);
  });

  it("an answer the caller expects (a sync call's 404: no job) is rethrown without a log", async () => {
    logIn(['instances']);
    stubFetch({ 'GET /api/instance/syncMessages': () => json({ code: 'sync_not_found', message: 'x' }, 404) });
    await expect(
      http.get('/api/instance/syncMessages', { expectedError: (error) => error.status === 404 }),
    ).rejects.toMatchObject({ status: 404 });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('a successful call, another path and an aborted request are not logged', async () => {
    logIn(['instances', 'users']);
    stubFetch({
      'GET /api/instance': () => json([]),
      'GET /api/users': () => json({ code: 'forbidden', message: 'Sem permissão.' }, 403),
      'GET /api/permission': () => Promise.reject(new DOMException('aborted', 'AbortError')),
    });
    await expect(http.get('/api/instance')).resolves.toEqual([]);
    await expect(http.get('/api/users')).rejects.toThrow('Sem permissão.');
    await expect(http.get('/api/permission')).rejects.toThrow('aborted');
    expect(consoleError).not.toHaveBeenCalled();
  });
});
