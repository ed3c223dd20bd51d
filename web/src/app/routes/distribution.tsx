/**
 * /distribution (a screen of route `users`, docs/service-levels.md#distribution): how waiting
 * tickets are given out, per department, and each person's load and capacity.
 */
import { PageHeader } from '../../components/PageHeader';
import { DistributionScreen } from '../../features/distribution/components/DistributionScreen';
import { useRouteLabels } from '../../lib/route-labels';

export function Component() {
  const { routeLabel } = useRouteLabels();
  return (
    <>
      <PageHeader
        title={routeLabel('distribution')}
        description="Como os atendimentos que aguardam chegam a cada pessoa: a estratégia de cada departamento e quantos atendimentos cada um pode ter ao mesmo tempo."
      />
      <DistributionScreen />
    </>
  );
}
