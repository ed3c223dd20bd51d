/**
 * /tenants (route `tenants`): the platform's tenants, for back-office operators. The server serves
 * `/api/tenant*` only to users of the back-office tenant (docs/tenancy.md), so a tenant's own user
 * whose role lists this route is told so instead of being shown a failing call.
 */
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { InstancesPanel } from '../../features/instances/components/InstancesPanel';
import { TenantsPanel } from '../../features/tenants/components/TenantsPanel';
import { useRouteLabels } from '../../lib/route-labels';
import { useSession } from '../../lib/session';

export function Component() {
  const { routeLabel } = useRouteLabels();
  const { originBackoffice } = useSession();
  return (
    <>
      <PageHeader
        title={routeLabel('tenants')}
        description="As empresas da plataforma: plano, limites, opções e instâncias."
      />
      {originBackoffice ? (
        <TenantsPanel renderInstances={(tenant) => <InstancesPanel tenantName={tenant.name} />} />
      ) : (
        <EmptyState
          icon={IconBuildingSkyscraper}
          title="Só para operadores do back-office"
          description="Os tenants são administrados pelos operadores da plataforma, que entram pelo endereço do back-office."
        />
      )}
    </>
  );
}
