import { layoutRoutes } from '../config/paths';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getUserInfo } from '../features/auth/api/get-user-info';
import { enabledFeatures } from '../lib/features';
import { ptBRRouteLabel } from '../lib/locales/pt-BR';
import { getSession, type Session } from '../lib/session';
import { json, logIn, stubFetch } from '../testing/fixtures';
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

describe('the chatbot editor in the menu', () => {
  const admin: Session = { ...session, permissionRoutes: ['home', 'chatbot'] };
  const names = (features: ReadonlySet<string> | null, who: Session = admin) =>
    navigationFor(who, features).flatMap((group) => group.items.map((item) => item.route.name));

  it('is listed under Administração for holders of `chatbot` when the tenant has the option', () => {
    const groups = navigationFor(admin, new Set(['chatbot']));
    expect(groups.find((group) => group.category.id === 'administracao')?.items.map((i) => i.route.name)).toEqual([
      'chatbot',
    ]);
    expect(names(null)).toContain('chatbot');
  });

  it('is hidden without the `chatbot` option', () => {
    expect(names(new Set(['analytics']))).not.toContain('chatbot');
  });

  it('is listed, read-only, for who reads the Maria panel', () => {
    expect(names(new Set(['chatbot', 'analytics']), session)).toContain('chatbot');
  });
});

describe('campaigns and webhooks in the menu', () => {
  const admin: Session = { ...session, permissionRoutes: ['home', 'campaigns', 'webhooks'] };
  /** The Administração entries. */
  const names = (features: ReadonlySet<string> | null) =>
    navigationFor(admin, features)
      .filter((group) => group.category.id === 'administracao')
      .flatMap((group) => group.items.map((item) => item.route.name));

  it('lists each under Administração when the tenant has its option, or when the options are unknown', () => {
    expect(names(new Set(['campaigns', 'webhooks']))).toEqual(['campaigns', 'webhooks']);
    expect(names(null)).toEqual(['campaigns', 'webhooks']);
  });

  it('hides each without its option', () => {
    expect(names(new Set(['campaigns']))).toEqual(['campaigns']);
    expect(names(new Set(['webhooks']))).toEqual(['webhooks']);
    expect(names(new Set())).toEqual([]);
  });
});

/** `GET /api/auth/userInfo` exactly as the server answers it (server/src/http/auth.rs, `user_info`). */
function userInfoAnswer(features: unknown) {
  return {
    user: {
      id: 7,
      name: 'Ana Souza',
      username: 'ana',
      email: 'ana@acme.com.br',
      image: null,
      role: { id: 3, name: 'supervisor', display_name: 'Supervisor' },
      userDepartment: null,
      userInstances: [],
      twoFactorEnabled: false,
    },
    has_permission_routes: ['home', ...DASHBOARD_ROUTES],
    sees_all_tickets: true,
    features,
  };
}

/** The gated menu entries after reading the user info from the server. */
async function menuFromUserInfo(features: unknown): Promise<string[]> {
  logIn(['home']);
  stubFetch({ 'GET /api/auth/userInfo': () => json(userInfoAnswer(features)) });
  const answer = await getUserInfo();
  return navigationFor(getSession(), enabledFeatures(answer.features))
    .flatMap((group) => group.items.map((item) => item.route.name))
    .filter((name) => name.startsWith('dashboard-'));
}

describe('the menu from the user info’s `features`', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps every dashboard and report when the tenant has analytics and reports on', async () => {
    expect(await menuFromUserInfo(['analytics', 'reports', 'two_factor'])).toEqual(DASHBOARD_ROUTES);
  });

  it('hides the dashboards and the productivity report without analytics', async () => {
    expect(await menuFromUserInfo(['reports', 'two_factor'])).toEqual(['dashboard-report', 'dashboard-report-smart']);
  });

  it('hides the reports without reports', async () => {
    expect(await menuFromUserInfo(['analytics'])).toEqual([
      'dashboard-analytics',
      'dashboard-control-panel',
      'dashboard-maria-panel',
      'dashboard-produtivity-report',
    ]);
  });

  it('hides them all when the tenant has no option on', async () => {
    expect(await menuFromUserInfo([])).toEqual([]);
  });

  it('hides nothing when the answer has no `features`, or a shape it does not know', async () => {
    expect(await menuFromUserInfo(undefined)).toEqual(DASHBOARD_ROUTES);
    expect(await menuFromUserInfo([{ option: 'analytics', enabled: false }])).toEqual(DASHBOARD_ROUTES);
  });
});

describe('router', () => {
  it('opens a real screen on every catalogue route and shared screen (no "Em breve" left)', async () => {
    const catalogue: RouteObject[] = routes[0]?.children?.[0]?.children ?? [];
    expect(catalogue.map((route) => route.path)).toEqual(layoutRoutes.map((route) => route.path));
    for (const route of catalogue) {
      const lazy = route.lazy as (() => Promise<{ Component?: unknown }>) | undefined;
      expect(lazy, route.path).toBeTypeOf('function');
      const screen = await lazy?.();
      expect(screen?.Component, route.path).toBeTypeOf('function');
    }
  });
});

describe('the two-factor screen in the menu', () => {
  const names = (features: ReadonlySet<string> | null) =>
    navigationFor(session, features).flatMap((group) => group.items.map((item) => item.route.name));

  it('is listed when the tenant has `two_factor`, and hidden when it does not', () => {
    expect(names(new Set(['two_factor']))).toContain('two-factor');
    expect(names(new Set(['analytics']))).not.toContain('two-factor');
    expect(names(null)).toContain('two-factor');
  });
});

// The server serves `/api/tenant*` to back-office operators only: a tenant's administrator whose
// role lists `tenants` would find "Só para operadores" behind the entry.
describe('the tenants screen in the menu', () => {
  const admin: Session = {
    ...session,
    userInfo: { ...session.userInfo!, role: { name: 'administrador' } },
    permissionRoutes: ['home', 'users', 'tenants', 'roles-list'],
  };
  const names = (who: Session) =>
    navigationFor(who, null).flatMap((group) => group.items.map((item) => item.route.name));

  it("is not offered to a tenant's own administrator, even when the role lists it", () => {
    expect(names(admin)).not.toContain('tenants');
    expect(names(admin)).toContain('users');
  });

  it('is offered to a back-office operator', () => {
    expect(names({ ...admin, originBackoffice: true })).toContain('tenants');
  });
});

describe('customers and closing reasons in the menu', () => {
  const admin: Session = {
    ...session,
    permissionRoutes: ['home', 'webhooks', 'customers', 'closing-reasons', 'roles-list'],
  };
  /** The Administração entries. */
  const names = (who: Session) =>
    navigationFor(who, null)
      .filter((group) => group.category.id === 'administracao')
      .flatMap((group) => group.items.map((item) => item.route.name));

  it('lists both under Administração, after the webhooks, for holders of their routes (no feature needed)', () => {
    expect(names(admin)).toEqual(['webhooks', 'customers', 'closing-reasons', 'roles-list']);
    expect(navigationFor(admin, new Set()).flatMap((group) => group.items.map((item) => item.route.name))).toEqual(
      expect.arrayContaining(['customers', 'closing-reasons']),
    );
    expect(ptBRRouteLabel('customers')).toBe('Clientes');
    expect(ptBRRouteLabel('closing-reasons')).toBe('Motivos de encerramento');
  });

  it('leaves them out without their routes', () => {
    expect(names({ ...admin, permissionRoutes: ['home', 'users'] })).toEqual([
      'users',
      'distribution',
      'service-levels',
      'api-tokens',
      'audit',
    ]);
  });
});

// A screen of route `users` (config/paths.ts `screenRoutes`): no permission of its own.
describe('the distribution screen in the menu', () => {
  const names = (permissionRoutes: string[]) =>
    navigationFor({ ...session, permissionRoutes }, new Set())
      .filter((group) => group.category.id === 'administracao')
      .flatMap((group) => group.items.map((item) => item.route.name));

  it('is listed under Administração right after Usuários, for holders of `users`, with its icon', () => {
    expect(names(['home', 'users', 'customers'])).toEqual([
      'users',
      'distribution',
      'service-levels',
      'api-tokens',
      'audit',
      'customers',
    ]);
    const item = navigationFor({ ...session, permissionRoutes: ['users'] }, null)
      .flatMap((group) => group.items)
      .find((entry) => entry.route.name === 'distribution');
    expect(item?.route.path).toBe('/distribution');
    expect(item?.icon.displayName).toMatch(/ArrowsSplit2/);
    expect(ptBRRouteLabel('distribution')).toBe('Distribuição');
  });

  it('is left out without `users`, whatever else the role holds', () => {
    expect(names(['home', 'customers', 'roles-list', 'distribution'])).toEqual(['customers', 'roles-list']);
  });
});

// Another screen of route `users`: the company's calendar and the SLA targets.
describe('"Níveis de serviço" in the menu', () => {
  const names = (permissionRoutes: string[]) =>
    navigationFor({ ...session, permissionRoutes }, new Set())
      .filter((group) => group.category.id === 'administracao')
      .flatMap((group) => group.items.map((item) => item.route.name));

  it('is listed right after "Distribuição", for holders of `users`, with its icon', () => {
    expect(names(['home', 'users'])).toEqual(['users', 'distribution', 'service-levels', 'api-tokens', 'audit']);
    const item = navigationFor({ ...session, permissionRoutes: ['users'] }, null)
      .flatMap((group) => group.items)
      .find((entry) => entry.route.name === 'service-levels');
    expect(item?.route.path).toBe('/service-levels');
    expect(item?.icon.displayName).toMatch(/ClockHour4/);
    expect(ptBRRouteLabel('service-levels')).toBe('Níveis de serviço');
  });

  it('is left out without `users`', () => {
    expect(names(['home', 'customers', 'service-levels', 'dashboard-control-panel'])).toEqual(['customers']);
  });
});

// A third screen of route `users`: the API tokens integrations call with (issue 47).
describe('"Tokens de API" in the menu', () => {
  const names = (permissionRoutes: string[]) =>
    navigationFor({ ...session, permissionRoutes }, new Set())
      .filter((group) => group.category.id === 'administracao')
      .flatMap((group) => group.items.map((item) => item.route.name));

  it('is listed right after "Níveis de serviço", for holders of `users`, with its icon', () => {
    expect(names(['home', 'users'])).toEqual(['users', 'distribution', 'service-levels', 'api-tokens', 'audit']);
    const item = navigationFor({ ...session, permissionRoutes: ['users'] }, null)
      .flatMap((group) => group.items)
      .find((entry) => entry.route.name === 'api-tokens');
    expect(item?.route.path).toBe('/api-tokens');
    expect(item?.icon.displayName).toMatch(/Key/);
    expect(ptBRRouteLabel('api-tokens')).toBe('Tokens de API');
  });

  it('is left out without `users`', () => {
    expect(names(['home', 'customers', 'api-tokens', 'roles-list'])).toEqual(['customers', 'roles-list']);
  });
});

// A fourth screen of route `users`: the audit log of who changed what.
describe('"Auditoria" in the menu', () => {
  const names = (permissionRoutes: string[]) =>
    navigationFor({ ...session, permissionRoutes }, new Set())
      .filter((group) => group.category.id === 'administracao')
      .flatMap((group) => group.items.map((item) => item.route.name));

  it('is listed right after "Tokens de API", for holders of `users`, with its icon', () => {
    expect(names(['home', 'users'])).toEqual(['users', 'distribution', 'service-levels', 'api-tokens', 'audit']);
    const item = navigationFor({ ...session, permissionRoutes: ['users'] }, null)
      .flatMap((group) => group.items)
      .find((entry) => entry.route.name === 'audit');
    expect(item?.route.path).toBe('/audit');
    expect(item?.icon.displayName).toMatch(/History/);
    expect(ptBRRouteLabel('audit')).toBe('Auditoria');
  });

  it('is left out without `users`', () => {
    expect(names(['home', 'customers', 'audit', 'api-tokens', 'roles-list'])).toEqual(['customers', 'roles-list']);
  });
});

describe('quick replies in the menu', () => {
  it('is listed under Geral for everyone, whatever their routes', () => {
    const nobody: Session = { ...session, permissionRoutes: [] };
    const geral = navigationFor(nobody, new Set()).find((group) => group.category.id === 'geral');
    expect(geral?.items.map((item) => item.route.name)).toContain('quick-replies');
    expect(ptBRRouteLabel('quick-replies')).toBe('Respostas rápidas');
  });
});

describe('the message search in the menu', () => {
  it('is listed under Geral for everyone, whatever their routes, with its icon', () => {
    const nobody: Session = { ...session, permissionRoutes: [] };
    const geral = navigationFor(nobody, new Set()).find((group) => group.category.id === 'geral');
    const search = geral?.items.find((item) => item.route.name === 'search');
    expect(search?.route.path).toBe('/search');
    expect(search?.icon.displayName).toMatch(/MessageSearch/);
    expect(ptBRRouteLabel('search')).toBe('Buscar mensagens');
  });
});
