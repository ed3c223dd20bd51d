/**
 * /chatbot (route `chatbot`): the menu bot's configuration — the company's default and each
 * instance's own — with a simulator. Holders of `dashboard-maria-panel` without `chatbot` open it
 * read-only (lib/access.ts `READ_ONLY_ROUTES`). The pickers read what the user's routes allow:
 * instances from the instances screen's API with `instances`, else the inbox's list; departments
 * from the users form's options with `users`, else the dashboards' filters. The opening hours are
 * the company's, on "Níveis de serviço" (a screen of `users`), linked for whoever may open it.
 */
import { PageHeader } from '../../components/PageHeader';
import { findRoute, routePath } from '../../config/paths';
import { ChatbotScreen } from '../../features/chatbot/components/ChatbotScreen';
import { canAccessRoute, hasPermissionRoute } from '../../lib/access';
import { useRouteLabels } from '../../lib/route-labels';
import { useSession } from '../../lib/session';

export function Component() {
  const { routeLabel } = useRouteLabels();
  const session = useSession();
  const routes = session.permissionRoutes;
  const serviceLevels = findRoute('service-levels');
  const calendarPath =
    serviceLevels && canAccessRoute(serviceLevels, { role: session.userInfo?.role.name, permissionRoutes: routes })
      ? routePath('service-levels')
      : null;
  return (
    <>
      <PageHeader
        order={1}
        title={routeLabel('chatbot')}
        description="O assistente virtual que recebe os clientes, mostra o menu e encaminha cada conversa para quem resolve."
      />
      <ChatbotScreen
        canEdit={hasPermissionRoute('chatbot', routes)}
        instanceSource={hasPermissionRoute('instances', routes) ? 'instances' : 'inbox'}
        departmentSource={hasPermissionRoute('users', routes) ? 'users' : 'filters'}
        calendarPath={calendarPath}
      />
    </>
  );
}
