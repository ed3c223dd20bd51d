import { describe, expect, it } from 'vitest';
import { categoryCheck, sameRoutes, setCategory, setRoute, toPermissionList } from './permission-selection';

const admin = ['users', 'tenants', 'roles-list'];

describe('role editor selection', () => {
  it('says whether a category is wholly, partly or not checked', () => {
    expect(categoryCheck(new Set(['users', 'tenants', 'roles-list', 'home']), admin)).toBe('all');
    expect(categoryCheck(new Set(['users']), admin)).toBe('some');
    expect(categoryCheck(new Set(['home']), admin)).toBe('none');
  });

  it('checks and unchecks a whole category without touching the others', () => {
    const checked = setCategory(new Set(['home', 'users']), admin, true);
    expect([...checked].sort()).toEqual(['home', 'roles-list', 'tenants', 'users']);
    expect([...setCategory(checked, admin, false)]).toEqual(['home']);
  });

  it('toggles one route and leaves the original set alone', () => {
    const original = new Set(['home']);
    expect([...setRoute(original, 'users', true)]).toEqual(['home', 'users']);
    expect([...setRoute(original, 'home', false)]).toEqual([]);
    expect([...original]).toEqual(['home']);
  });

  it('sends the names in catalogue order, unknown names last', () => {
    expect(toPermissionList(new Set(['roles-list', 'legacy', 'users']), ['users', 'tenants', 'roles-list'])).toEqual([
      'users',
      'roles-list',
      'legacy',
    ]);
  });

  it('compares selections regardless of order', () => {
    expect(sameRoutes(new Set(['a', 'b']), ['b', 'a'])).toBe(true);
    expect(sameRoutes(new Set(['a']), ['a', 'b'])).toBe(false);
  });
});
