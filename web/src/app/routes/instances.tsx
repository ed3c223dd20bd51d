/** /instances (route `instances`): the instances of the user's own tenant. */
import { PageHeader } from '../../components/PageHeader';
import { InstancesPanel } from '../../features/instances/components/InstancesPanel';
import { useRouteLabels } from '../../lib/route-labels';

export function Component() {
  const { routeLabel } = useRouteLabels();
  return (
    <>
      <PageHeader
        title={routeLabel('instances')}
        description="As conexões de mensagens da empresa e a sincronização do histórico."
      />
      <InstancesPanel />
    </>
  );
}
