/**
 * `/dashboard/produtivity-report` (route `dashboard-produtivity-report`): the agents' productivity,
 * and below it the customers' satisfaction (CSAT) over the same period and filters.
 */
import { ProductivityReport } from '../../features/analytics/components/ProductivityReport';
import { SatisfactionSection } from '../../features/satisfaction';
import { useRouteLabels } from '../../lib/route-labels';

export function Component() {
  const { routeLabel } = useRouteLabels();
  return (
    <ProductivityReport
      title={routeLabel('dashboard-produtivity-report')}
      below={({ period, filters, enabled }) => (
        <SatisfactionSection period={period} filters={filters} enabled={enabled} />
      )}
    />
  );
}
