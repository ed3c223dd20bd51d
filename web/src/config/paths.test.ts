import { describe, expect, it } from 'vitest';
import { catalogueRoutes, hasParams, layoutRoutes, routeCategories, routePath, screenRoutes } from './paths';

describe('route catalogue', () => {
  // docs/contracts.md#screens-and-routes
  it('holds every documented path', () => {
    const paths = catalogueRoutes.map((route) => route.path);
    for (const path of [
      '/',
      '/user-settings',
      '/users',
      '/two-factor',
      '/tenants',
      '/roles/list',
      '/roles/edit/:id',
      '/dashboard/analytics',
      '/dashboard/control-panel',
      '/dashboard/maria-panel',
      '/dashboard/produtivity-report',
      '/dashboard/report',
      '/dashboard/report-smart',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('gives every route a known category and unique name and path', () => {
    const categories = new Set(routeCategories.map((c) => c.id));
    for (const route of catalogueRoutes) expect(categories.has(route.category)).toBe(true);
    expect(new Set(catalogueRoutes.map((r) => r.name)).size).toBe(catalogueRoutes.length);
    expect(new Set(catalogueRoutes.map((r) => r.path)).size).toBe(catalogueRoutes.length);
  });

  it('keeps the screens sharing a route’s permission out of the catalogue, each right after its route', () => {
    expect(catalogueRoutes.map((route) => route.name)).not.toContain('distribution');
    expect(catalogueRoutes.map((route) => route.name)).not.toContain('service-levels');
    expect(catalogueRoutes.map((route) => route.name)).not.toContain('api-tokens');
    expect(catalogueRoutes.map((route) => route.name)).not.toContain('audit');
    for (const screen of screenRoutes) {
      expect(catalogueRoutes.some((route) => route.name === screen.permission)).toBe(true);
      expect(catalogueRoutes.some((route) => route.path === screen.path)).toBe(false);
      // Right after its route, or after another screen of that route.
      let at = layoutRoutes.indexOf(screen) - 1;
      while (layoutRoutes[at]?.permission === screen.permission) at -= 1;
      expect(layoutRoutes[at]?.name).toBe(screen.permission);
    }
    const users = layoutRoutes.findIndex((route) => route.name === 'users');
    expect(layoutRoutes.slice(users, users + 5).map((route) => route.name)).toEqual([
      'users',
      'distribution',
      'service-levels',
      'api-tokens',
      'audit',
    ]);
    expect(routePath('distribution')).toBe('/distribution');
    expect(routePath('service-levels')).toBe('/service-levels');
    expect(routePath('api-tokens')).toBe('/api-tokens');
    expect(routePath('audit')).toBe('/audit');
    expect(new Set(layoutRoutes.map((r) => r.path)).size).toBe(layoutRoutes.length);
  });

  it('fills path parameters and refuses unknown names', () => {
    expect(routePath('roles-edit', { id: 3 })).toBe('/roles/edit/3');
    expect(routePath('home')).toBe('/');
    expect(() => routePath('roles-edit')).toThrow();
    expect(() => routePath('nope')).toThrow();
    expect(hasParams(catalogueRoutes.find((r) => r.name === 'roles-edit')!)).toBe(true);
  });
});
