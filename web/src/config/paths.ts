/**
 * Every path of the app. Catalogue routes (navigation layout, docs/contracts.md#screens-and-routes)
 * come from route-catalogue.json, the one list shared with the Rust server
 * (docs/contracts.md#roles-and-route-permissions): read it, never copy a name, path or rule out of
 * it. Plain-layout pages are not in the catalogue (they are open to everyone and have no
 * permission), so their paths are listed here.
 */
import * as z from 'zod/mini';
import catalogueJson from './route-catalogue.json';

const RouteRuleSchema = z.enum(['all', 'check', 'admin']);

const CatalogueSchema = z.object({
  categories: z.array(z.object({ id: z.string(), label: z.string() })),
  routes: z.array(
    z.object({
      name: z.string().check(z.minLength(1)),
      path: z.string().check(z.startsWith('/')),
      rule: RouteRuleSchema,
      category: z.string(),
      /** The tenant feature option the route needs (lib/features.ts); absent: none. */
      feature: z.optional(z.string().check(z.minLength(1))),
    }),
  ),
});

/**
 * 'all': anyone logged in; 'check': the route name must be in permissionRoutes; 'admin': role
 * administrador only (docs/contracts.md#roles-and-route-permissions).
 */
export type RouteRule = z.infer<typeof RouteRuleSchema>;
export type CatalogueRoute = z.infer<typeof CatalogueSchema>['routes'][number];
export type RouteCategory = z.infer<typeof CatalogueSchema>['categories'][number];

const catalogue = CatalogueSchema.parse(catalogueJson);

export const catalogueRoutes: readonly CatalogueRoute[] = catalogue.routes;
export const routeCategories: readonly RouteCategory[] = catalogue.categories;

/**
 * A screen of the navigation layout that is not a catalogue route: it belongs to one (`permission`)
 * — whoever holds that route opens the screen, and the server checks that same route on the
 * screen's API — so it adds no permission of its own to the roles (the roles editor, the server's
 * permission rows and role templates never hear of it).
 */
export interface ScreenRoute extends CatalogueRoute {
  /** The catalogue route whose holders open this screen. */
  permission: string;
}

/** A route of the navigation layout: a catalogue route, or a screen sharing one's permission. */
export type LayoutRoute = CatalogueRoute & { permission?: string };

/**
 * The screens that share a catalogue route's permission (docs/service-levels.md), in menu order
 * after that route.
 */
export const screenRoutes: readonly ScreenRoute[] = [
  // `GET|PUT /api/distribution*` are route `users`'s: whoever keeps the users keeps the distribution.
  { name: 'distribution', path: '/distribution', rule: 'check', category: 'administracao', permission: 'users' },
  // `PUT /api/calendar` and `/api/sla*` too: the calendar and the SLA targets ("Níveis de serviço").
  { name: 'service-levels', path: '/service-levels', rule: 'check', category: 'administracao', permission: 'users' },
  // `/api/tokens` too: the API tokens integrations call with (issue 47, "Tokens de API").
  { name: 'api-tokens', path: '/api-tokens', rule: 'check', category: 'administracao', permission: 'users' },
  // `/api/audit*` too: the audit log of who changed what ("Auditoria").
  { name: 'audit', path: '/audit', rule: 'check', category: 'administracao', permission: 'users' },
];

/**
 * Every route of the navigation layout, in menu order: the catalogue's, the screens of
 * `screenRoutes` right after the route whose permission they share.
 */
export const layoutRoutes: readonly LayoutRoute[] = catalogueRoutes.flatMap((route) => [
  route,
  ...screenRoutes.filter((screen) => screen.permission === route.name),
]);

/** The route (catalogue or shared screen) with this name. */
export function findRoute(name: string): LayoutRoute | undefined {
  return layoutRoutes.find((route) => route.name === name);
}

/** True when the path has parameters (`/roles/edit/:id`): such a route cannot be linked to from a menu. */
export function hasParams(route: CatalogueRoute): boolean {
  return route.path.includes(':');
}

/**
 * The path of a catalogue route, with its `:params` filled in:
 * `routePath('roles-edit', { id: 3 })` → `/roles/edit/3`. Throws on an unknown name or a missing
 * parameter, so a typo fails at once instead of producing a dead link.
 */
export function routePath(name: string, params: Record<string, string | number> = {}): string {
  const route = findRoute(name);
  if (!route) throw new Error(`Rota desconhecida no catálogo: ${name}`);
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Parâmetro ${key} ausente para a rota ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Plain-layout pages, all open (docs/contracts.md#screens-and-routes). */
export const plainPaths = {
  login: '/login',
  comingSoon: '/pages/comingsoon',
  error404: '/pages/error-404',
  error500: '/pages/error-500',
  notAuthorized: '/pages/not-authorized',
  /**
   * The forced change of a temporary password (docs/account.md#temporary-password-administrator):
   * logged in, but nothing else is reachable until the password is changed.
   */
  changePassword: '/trocar-senha',
} as const;

/** Where a successful login lands. */
export const HOME_ROUTE = 'home';

/** Where a user whose role requires two-factor, and who has not turned it on, is sent. */
export const TWO_FACTOR_ROUTE = 'two-factor';

/**
 * Navigation state of the two-factor screen when the user was sent there because their role
 * requires two-factor (login answer `two_factor_enrollment_required`, or a 403
 * `two_factor_enrollment_required` from the API): the screen then explains why.
 */
export interface TwoFactorRouteState {
  enrollmentRequired: true;
}
