/**
 * /service-levels (a screen of route `users`, docs/service-levels.md): the company's opening hours
 * and holidays — the bot's and the SLA's one calendar —, the SLA targets per department, and the
 * satisfaction survey sent when a person closes a ticket.
 */
import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader';
import { SurveySettingsSection } from '../../features/satisfaction';
import { ServiceLevelsScreen } from '../../features/service-levels/components/ServiceLevelsScreen';
import { useRouteLabels } from '../../lib/route-labels';

export function Component() {
  const { routeLabel } = useRouteLabels();
  return (
    <>
      <PageHeader
        title={routeLabel('service-levels')}
        description="Quando a empresa atende, em quanto tempo cada atendimento deve ser respondido e resolvido, e a pesquisa de satisfação."
      />
      <Stack gap="xl">
        <ServiceLevelsScreen />
        <SurveySettingsSection />
      </Stack>
    </>
  );
}
