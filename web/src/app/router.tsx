/**
 * The router: every path (docs/contracts.md#screens-and-routes). Catalogue routes
 * (route-catalogue.json), and the screens that share one's permission (config/paths.ts
 * `screenRoutes`), use the navigation layout and the guard loader; plain pages use the plain
 * layout; anything else goes to /pages/error-404. Every layout and screen is a lazy chunk, so
 * /login loads only what it shows. Each route's `handle` names its page (the document's title,
 * document-title.ts).
 */
import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { layoutRoutes, plainPaths } from '../config/paths';
import { guardRoute, redirectIfLoggedIn } from './guards';
import { withChunkTimeout } from './lazy';
import type { CatalogueHandle } from './navigation';
import { PAGE_TITLES, type PlainPageHandle } from './document-title';
import { FullPageLoader, RootRoute, RouteErrorBoundary } from './root';

const dashboardScreen = () => import('./routes/dashboard');
const reportScreen = () => import('./routes/report');

/**
 * The screen of every catalogue route (and of every screen sharing one's permission,
 * config/paths.ts `screenRoutes`), by route name. A route added to the catalogue without its
 * screen here fails the router test (and, if it ever shipped, opens the error page).
 */
const screens: Record<string, () => Promise<object>> = {
  home: () => import('./routes/home'),
  'user-settings': () => import('./routes/user-settings'),
  'quick-replies': () => import('./routes/quick-replies'),
  'scheduled-messages': () => import('./routes/scheduled-messages'),
  kanban: () => import('./routes/kanban'),
  search: () => import('./routes/search'),
  'two-factor': () => import('./routes/two-factor'),
  users: () => import('./routes/users'),
  tenants: () => import('./routes/tenants'),
  instances: () => import('./routes/instances'),
  chatbot: () => import('./routes/chatbot'),
  campaigns: () => import('./routes/campaigns'),
  webhooks: () => import('./routes/webhooks'),
  customers: () => import('./routes/customers'),
  'closing-reasons': () => import('./routes/closing-reasons'),
  tags: () => import('./routes/tags'),
  'roles-list': () => import('./routes/roles-list'),
  'roles-edit': () => import('./routes/roles-edit'),
  // Screens of route `users` (config/paths.ts `screenRoutes`).
  distribution: () => import('./routes/distribution'),
  'service-levels': () => import('./routes/service-levels'),
  'api-tokens': () => import('./routes/api-tokens'),
  audit: () => import('./routes/audit'),
  // docs/contracts.md#screens-and-routes: the three dashboards share one screen, the two reports another.
  'dashboard-analytics': dashboardScreen,
  'dashboard-control-panel': dashboardScreen,
  'dashboard-maria-panel': dashboardScreen,
  'dashboard-produtivity-report': () => import('./routes/productivity-report'),
  'dashboard-report': reportScreen,
  'dashboard-report-smart': reportScreen,
};

/** The screen of a catalogue route; a missing one is a programming error, not a promise. */
function screenOf(name: string): () => Promise<object> {
  const screen = screens[name];
  if (screen) return screen;
  return () => Promise.reject(new Error(`no screen for catalogue route ${name}`));
}

/** The `handle` of a plain page: its name, for the document's title (document-title.ts). */
function plainPage(title: string): PlainPageHandle {
  return { title };
}

export const routes: RouteObject[] = [
  {
    Component: RootRoute,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: FullPageLoader,
    children: [
      {
        lazy: withChunkTimeout(() => import('./layouts/navigation-layout')),
        children: layoutRoutes.map((route): RouteObject => ({
          path: route.path,
          loader: guardRoute(route),
          lazy: withChunkTimeout(screenOf(route.name)),
          handle: { routeName: route.name } satisfies CatalogueHandle,
        })),
      },
      {
        lazy: withChunkTimeout(() => import('./layouts/plain-layout')),
        children: [
          {
            path: plainPaths.login,
            loader: redirectIfLoggedIn,
            lazy: withChunkTimeout(() => import('./routes/login')),
            handle: plainPage(PAGE_TITLES.login),
          },
          {
            path: plainPaths.comingSoon,
            lazy: withChunkTimeout(() => import('./routes/coming-soon')),
            handle: plainPage(PAGE_TITLES.comingSoon),
          },
          {
            path: plainPaths.error404,
            lazy: withChunkTimeout(() => import('./routes/error-404')),
            handle: plainPage(PAGE_TITLES.notFound),
          },
          {
            path: plainPaths.error500,
            lazy: withChunkTimeout(() => import('./routes/error-500')),
            handle: plainPage(PAGE_TITLES.serverError),
          },
          {
            path: plainPaths.notAuthorized,
            lazy: withChunkTimeout(() => import('./routes/not-authorized')),
            handle: plainPage(PAGE_TITLES.notAuthorized),
          },
          {
            // docs/account.md: the forced change of a temporary password (the loader checks the session).
            path: plainPaths.changePassword,
            loader: async (args) => (await import('./routes/change-password-loader')).loader(args),
            lazy: withChunkTimeout(() => import('./routes/change-password')),
            handle: plainPage('Troque a sua senha'),
          },
        ],
      },
      // `element: null` only tells the router this leaf renders nothing (the loader redirects first).
      { path: '*', loader: () => redirect(plainPaths.error404), element: null },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
