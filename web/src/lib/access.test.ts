import { describe, expect, it } from 'vitest';
import { catalogueRoutes, findRoute } from '../config/paths';
import { canAccessRoute, decideNavigation, hasPermission } from './access';

const route = (name: string) => {
  const found = findRoute(name);
  if (!found) throw new Error(`no route ${name}`);
  return found;
};

// docs/contracts.md#roles-and-route-permissions
describe('canAccessRoute', () => {
  it('open routes accept any role, with no permitted routes', () => {
    for (const r of catalogueRoutes.filter((r) => r.rule === 'all')) {
      expect(canAccessRoute(r, { role: 'atendente', permissionRoutes: [] })).toBe(true);
    }
  });

  it('checked routes need their name in permissionRoutes, whatever the role', () => {
    expect(canAccessRoute(route('users'), { role: 'administrador', permissionRoutes: [] })).toBe(false);
    expect(canAccessRoute(route('users'), { role: 'atendente', permissionRoutes: ['users'] })).toBe(true);
    expect(canAccessRoute(route('users'), { role: 'supervisor', permissionRoutes: ['tenants', 'roles-list'] })).toBe(
      false,
    );
  });

  it('every catalogue route with rule check is gated', () => {
    for (const r of catalogueRoutes.filter((r) => r.rule === 'check')) {
      expect(canAccessRoute(r, { role: null, permissionRoutes: [] })).toBe(false);
      expect(canAccessRoute(r, { role: null, permissionRoutes: [r.name] })).toBe(true);
    }
  });

  it('a screen sharing a route’s permission (config/paths.ts screenRoutes) needs that route, not its own name', () => {
    expect(canAccessRoute(route('distribution'), { role: 'atendente', permissionRoutes: ['users'] })).toBe(true);
    expect(canAccessRoute(route('distribution'), { role: 'administrador', permissionRoutes: ['distribution'] })).toBe(
      false,
    );
  });

  it('rule admin admits only administrador, the default when no role is stored', () => {
    const adminOnly = { name: 'x', rule: 'admin' as const };
    expect(canAccessRoute(adminOnly, { role: 'administrador', permissionRoutes: [] })).toBe(true);
    expect(canAccessRoute(adminOnly, { role: undefined, permissionRoutes: [] })).toBe(true);
    expect(canAccessRoute(adminOnly, { role: '', permissionRoutes: [] })).toBe(true);
    expect(canAccessRoute(adminOnly, { role: 'supervisor', permissionRoutes: ['x'] })).toBe(false);
  });
});

describe('decideNavigation', () => {
  it('sends a logged-out user to login, even for open routes', () => {
    expect(decideNavigation(route('home'), false, { role: null, permissionRoutes: [] })).toBe('login');
  });

  it('refuses a checked route missing from the list', () => {
    expect(decideNavigation(route('tenants'), true, { role: 'administrador', permissionRoutes: ['users'] })).toBe(
      'not-authorized',
    );
  });

  it('allows a checked route in the list and any open route', () => {
    expect(decideNavigation(route('tenants'), true, { role: 'x', permissionRoutes: ['tenants'] })).toBe('allow');
    expect(decideNavigation(route('two-factor'), true, { role: 'x', permissionRoutes: [] })).toBe('allow');
  });
});

describe('hasPermission', () => {
  it('looks for a permission with the route_name', () => {
    const permissions = [{ route_name: 'users' }, { route_name: 'tenants', category: 'administracao' }];
    expect(hasPermission('tenants', permissions)).toBe(true);
    expect(hasPermission('instances', permissions)).toBe(false);
  });
});

describe('read-only routes', () => {
  it('opens the chatbot editor for who reads the Maria panel, and not for anyone else', () => {
    const chatbot = route('chatbot');
    expect(canAccessRoute(chatbot, { role: 'supervisor', permissionRoutes: ['dashboard-maria-panel'] })).toBe(true);
    expect(canAccessRoute(chatbot, { role: 'administrador', permissionRoutes: ['chatbot'] })).toBe(true);
    expect(canAccessRoute(chatbot, { role: 'atendente', permissionRoutes: ['dashboard-analytics'] })).toBe(false);
  });
});
