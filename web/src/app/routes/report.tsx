/**
 * `/dashboard/report` and `/dashboard/report-smart` (routes `dashboard-report`,
 * `dashboard-report-smart`): one report screen; the smart route adds the highlights and the
 * comparison with the previous period.
 */
import { ReportScreen } from '../../features/analytics/components/ReportScreen';
import { useRouteLabels } from '../../lib/route-labels';
import { useCatalogueRouteName } from '../route-name';

export function Component() {
  const { routeLabel } = useRouteLabels();
  const name = useCatalogueRouteName() ?? 'dashboard-report';
  const smart = name === 'dashboard-report-smart';
  return <ReportScreen key={name} title={routeLabel(name)} smart={smart} />;
}
