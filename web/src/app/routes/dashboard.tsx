/**
 * `/dashboard/analytics`, `/dashboard/control-panel` and `/dashboard/maria-panel` (routes
 * `dashboard-analytics`, `dashboard-control-panel`, `dashboard-maria-panel`): one screen with a tab
 * per dashboard the user's routes — and the tenant's features, when known — allow.
 */
import { findRoute } from '../../config/paths';
import { useUserInfo } from '../../features/auth/hooks/use-user-info';
import {
  DashboardScreen,
  type DashboardRoute,
  type DashboardTab,
} from '../../features/analytics/components/DashboardScreen';
import { canAccessRoute, hasPermissionRoute } from '../../lib/access';
import { enabledFeatures, featureAllows } from '../../lib/features';
import { useRouteLabels } from '../../lib/route-labels';
import { useSession } from '../../lib/session';
import { useCatalogueRouteName } from '../route-name';

const DASHBOARDS: readonly DashboardRoute[] = [
  'dashboard-analytics',
  'dashboard-control-panel',
  'dashboard-maria-panel',
];

function isDashboard(name: string | undefined): name is DashboardRoute {
  return DASHBOARDS.includes(name as DashboardRoute);
}

export function Component() {
  const { routeLabel } = useRouteLabels();
  const session = useSession();
  const info = useUserInfo();
  const name = useCatalogueRouteName();
  const current: DashboardRoute = isDashboard(name) ? name : 'dashboard-analytics';
  const features = enabledFeatures(info.data?.features);
  const context = { role: session.userInfo?.role.name, permissionRoutes: session.permissionRoutes };
  const tabs: DashboardTab[] = DASHBOARDS.flatMap((dashboard) => {
    const route = findRoute(dashboard);
    if (!route) return [];
    const allowed = dashboard === current || (canAccessRoute(route, context) && featureAllows(dashboard, features));
    return allowed ? [{ name: dashboard, label: routeLabel(dashboard), path: route.path }] : [];
  });
  // The Maria panel links to the chatbot editor for whoever may open it (its holders change the bot).
  const chatbot = findRoute('chatbot');
  const chatbotAccess =
    chatbot && canAccessRoute(chatbot, context) && featureAllows('chatbot', features)
      ? hasPermissionRoute('chatbot', session.permissionRoutes)
        ? 'edit'
        : 'view'
      : null;
  return (
    <DashboardScreen
      key={current}
      current={current}
      tabs={tabs}
      canEditThreshold={hasPermissionRoute('users', session.permissionRoutes)}
      chatbotAccess={chatbotAccess}
    />
  );
}
