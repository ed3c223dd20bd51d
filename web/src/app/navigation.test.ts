import { describe, expect, it } from 'vitest';
import type { Session } from '../lib/session';
import { navigationFor } from './navigation';
import { routes } from './router';
import type { RouteObject } from 'react-router-dom';

const DASHBOARD_ROUTES = [
  'dashboard-analytics',
  'dashboard-control-panel',
  'dashboard-maria-panel',
  'dashboard-produtivity-report',
  'dashboard-report',
  'dashboard-report-smart',
];

const session: Session = {
  accessToken: 'x',
  accessTokenExpiry: Date.now() + 60_000,
  userInfo: { role: { name: 'supervisor' }, displayName: 'Ana', email: 'ana@acme.com.br', photoURL: null, uid: 7 },
  permissionRoutes: ['home', ...DASHBOARD_ROUTES],
  permissions: [],
  originBackoffice: false,
};

/** The gated entries of the menu (the open routes, home, settings, are always there). */
function menu(features: ReadonlySet<string> | null): string[] {
  return navigationFor(session, features)
    .flatMap((group) => group.items.map((item) => item.route.name))
    .filter((name) => name.startsWith('dashboard-'));
}

describe('navigationFor and the tenant’s features', () => {
  it('hides nothing while the features are unknown', () => {
    expect(menu(null)).toEqual(DASHBOARD_ROUTES);
  });

  it('hides the dashboards without `analytics` and the reports without `reports`', () => {
    expect(menu(new Set(['reports']))).toEqual(['dashboard-report', 'dashboard-report-smart']);
    expect(menu(new Set(['analytics']))).toEqual([
      'dashboard-analytics',
      'dashboard-control-panel',
      'dashboard-maria-panel',
      'dashboard-produtivity-report',
    ]);
  });
});

describe('router', () => {
  it('opens a real screen, not "Em breve", on every dashboard and report route', async () => {
    const catalogue: RouteObject[] = routes[0]?.children?.[0]?.children ?? [];
    const comingSoon = (await import('./routes/screen-coming-soon')).Component;
    for (const path of [
      '/dashboard/analytics',
      '/dashboard/control-panel',
      '/dashboard/maria-panel',
      '/dashboard/produtivity-report',
      '/dashboard/report',
      '/dashboard/report-smart',
    ]) {
      const route = catalogue.find((candidate) => candidate.path === path);
      const lazy = route?.lazy as (() => Promise<{ Component?: unknown }>) | undefined;
      expect(lazy, path).toBeTypeOf('function');
      const screen = await lazy?.();
      expect(screen?.Component, path).toBeTypeOf('function');
      expect(screen?.Component, path).not.toBe(comingSoon);
    }
  });
});
