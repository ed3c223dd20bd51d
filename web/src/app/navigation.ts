/**
 * The menu: catalogue routes the user may open, grouped by category, with their icons (labels:
 * lib/route-labels.ts).
 * Used by the side navigation, the horizontal menu and the home page.
 */
import type { Icon } from '@tabler/icons-react';
import {
  IconAddressBook,
  IconArrowsSplit2,
  IconBuildingSkyscraper,
  IconCalendarTime,
  IconChartBar,
  IconChartDots,
  IconClockHour4,
  IconDeviceDesktopAnalytics,
  IconFileSpreadsheet,
  IconHistory,
  IconHome,
  IconKey,
  IconLayoutKanban,
  IconListCheck,
  IconLock,
  IconMessageBolt,
  IconMessageChatbot,
  IconMessageSearch,
  IconPoint,
  IconReportAnalytics,
  IconRobot,
  IconSettings,
  IconShieldLock,
  IconSpeakerphone,
  IconTags,
  IconWebhook,
  IconSparkles,
  IconUsers,
} from '@tabler/icons-react';
import { hasParams, layoutRoutes, routeCategories, type LayoutRoute, type RouteCategory } from '../config/paths';
import { canAccessRoute } from '../lib/access';
import { featureAllows } from '../lib/features';
import type { Session } from '../lib/session';

/** Icon per route name; a route added to the catalogue later gets IconPoint until it has one. */
const ROUTE_ICONS: Record<string, Icon> = {
  home: IconHome,
  'user-settings': IconSettings,
  'quick-replies': IconMessageBolt,
  'scheduled-messages': IconCalendarTime,
  kanban: IconLayoutKanban,
  search: IconMessageSearch,
  'two-factor': IconShieldLock,
  users: IconUsers,
  distribution: IconArrowsSplit2,
  'service-levels': IconClockHour4,
  'api-tokens': IconKey,
  audit: IconHistory,
  tenants: IconBuildingSkyscraper,
  instances: IconMessageChatbot,
  chatbot: IconRobot,
  campaigns: IconSpeakerphone,
  webhooks: IconWebhook,
  customers: IconAddressBook,
  'closing-reasons': IconListCheck,
  tags: IconTags,
  'roles-list': IconLock,
  'dashboard-analytics': IconChartDots,
  'dashboard-control-panel': IconDeviceDesktopAnalytics,
  'dashboard-maria-panel': IconChartBar,
  'dashboard-produtivity-report': IconReportAnalytics,
  'dashboard-report': IconFileSpreadsheet,
  'dashboard-report-smart': IconSparkles,
};

/**
 * Routes the server serves only to back-office operators (rule `Operator(...)`, docs/auth.md): a
 * tenant's own user whose role lists one would only find "Só para operadores" behind the entry,
 * so the menu leaves them out unless the session is an operator's (`originBackoffice`). The
 * screen itself still says so to whoever opens its address.
 */
export const OPERATOR_ROUTES: ReadonlySet<string> = new Set(['tenants']);

/** `handle` of a catalogue route in the router: its name, for screens shared by several routes. */
export interface CatalogueHandle {
  routeName: string;
}

export interface NavItem {
  route: LayoutRoute;
  icon: Icon;
}

export interface NavGroup {
  category: RouteCategory;
  items: NavItem[];
}

/**
 * Catalogue routes the session may open (and the screens sharing one's permission, right after it:
 * config/paths.ts `screenRoutes`), without parameterised ones (`/roles/edit/:id`), by category; routes whose feature option the tenant has off are left out (`features` null: unknown,
 * nothing left out; lib/features.ts), and so are the operators' routes for anyone else.
 */
export function navigationFor(session: Session, features: ReadonlySet<string> | null = null): NavGroup[] {
  const context = { role: session.userInfo?.role.name, permissionRoutes: session.permissionRoutes };
  return routeCategories
    .map((category) => ({
      category,
      items: layoutRoutes
        .filter(
          (route) =>
            route.category === category.id &&
            !hasParams(route) &&
            canAccessRoute(route, context) &&
            (session.originBackoffice || !OPERATOR_ROUTES.has(route.name)) &&
            featureAllows(route.name, features),
        )
        .map((route) => ({ route, icon: ROUTE_ICONS[route.name] ?? IconPoint })),
    }))
    .filter((group) => group.items.length > 0);
}
