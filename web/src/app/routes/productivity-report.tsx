/** `/dashboard/produtivity-report` (route `dashboard-produtivity-report`): the agents' productivity. */
import { ProductivityReport } from '../../features/analytics/components/ProductivityReport';
import { useRouteLabels } from '../../lib/route-labels';

export function Component() {
  const { routeLabel } = useRouteLabels();
  return <ProductivityReport title={routeLabel('dashboard-produtivity-report')} />;
}
