/**
 * /service-levels (a screen of route `users`, docs/service-levels.md): the company's opening hours
 * and holidays — the bot's and the SLA's one calendar —, the SLA targets per department, and the
 * satisfaction survey sent when a person closes a ticket (and, past the 24-hour window, the approved
 * template each official number sends it as).
 */
import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { SurveySettingsSection } from '../../features/satisfaction';
import { ServiceLevelsScreen } from '../../features/service-levels/components/ServiceLevelsScreen';
import { hasPermissionRoute } from '../../lib/access';
import { useRouteLabels } from '../../lib/route-labels';
import { useSession } from '../../lib/session';

export function Component() {
  const { routeLabel } = useRouteLabels();
  const session = useSession();
  return (
    <>
      <PageHeader
        title={routeLabel('service-levels')}
        description="Quando a empresa atende, em quanto tempo cada atendimento deve ser respondido e resolvido, e a pesquisa de satisfação."
      />
      <Stack gap="xl">
        <ServiceLevelsScreen />
        {/* The official numbers: each one's kind from GET /api/instance for who may read it. */}
        <SurveySettingsSection
          instanceSource={hasPermissionRoute('instances', session.permissionRoutes) ? 'instances' : 'inbox'}
        />
      </Stack>
    </>
  );
}
