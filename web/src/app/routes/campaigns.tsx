/**
 * /campaigns (route `campaigns`, feature `campaigns`; docs/campaigns.md): campaigns — one message,
 * with variables, to many customers through one instance — with their live progress, and one
 * campaign's detail at `?campaign=7`. The instance picker reads `GET /api/instance` with the route
 * `instances`, else the inbox's list.
 */
import { PageHeader } from '../../components/PageHeader';
import { CampaignsScreen } from '../../features/campaigns/components/CampaignsScreen';
import { hasPermissionRoute } from '../../lib/access';
import { useRouteLabels } from '../../lib/route-labels';
import { useSession } from '../../lib/session';

export function Component() {
  const { routeLabel } = useRouteLabels();
  const session = useSession();
  return (
    <>
      <PageHeader
        order={1}
        title={routeLabel('campaigns')}
        description="Uma mensagem para muitos clientes, no ritmo da instância, com cada entrega acompanhada ao vivo."
      />
      <CampaignsScreen
        instanceSource={hasPermissionRoute('instances', session.permissionRoutes) ? 'instances' : 'inbox'}
      />
    </>
  );
}
