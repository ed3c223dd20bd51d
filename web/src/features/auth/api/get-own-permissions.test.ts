import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { hasPermission } from '../../../lib/access';
import { getSession } from '../../../lib/session';
import { json, logIn, requestUrl, stubFetch } from '../../../testing/fixtures';
import { ownPermissionsQueryOptions } from './get-own-permissions';

describe('own permissions (GET /api/permission/email)', () => {
  it("asks for the user's email and stores the answer's permissions", async () => {
    logIn(['users']);
    const { callsTo, fetchMock } = stubFetch({
      'GET /api/permission/email': () =>
        json({
          email: 'ana@acme.com.br',
          permissions: [{ route_name: 'home' }, { route_name: 'users' }],
          has_permission_routes: ['home', 'users'],
        }),
    });

    await new QueryClient().fetchQuery(ownPermissionsQueryOptions('ana@acme.com.br'));

    expect(callsTo('GET /api/permission/email')).toHaveLength(1);
    expect(requestUrl(fetchMock.mock.calls[0]?.[0])).toContain('?email=ana%40acme.com.br');
    expect(getSession().permissions).toEqual([{ route_name: 'home' }, { route_name: 'users' }]);
    expect(hasPermission('users', getSession().permissions)).toBe(true);
    expect(JSON.parse(localStorage.getItem('permissions')!)).toHaveLength(2);
  });
});
