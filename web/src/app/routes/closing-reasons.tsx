/**
 * /closing-reasons (route `closing-reasons`; docs/inbox.md#closing): the reasons a ticket is closed
 * with — create, rename, deactivate and activate them.
 */
import { PageHeader } from '../../components/PageHeader';
import { ClosingReasonsScreen } from '../../features/closing-reasons/components/ClosingReasonsScreen';
import { useRouteLabels } from '../../lib/route-labels';

export function Component() {
  const { routeLabel } = useRouteLabels();
  return (
    <>
      <PageHeader
        title={routeLabel('closing-reasons')}
        description="Os motivos que a equipe escolhe ao encerrar um atendimento. Um motivo desativado some do encerramento, mas os atendimentos já encerrados o mantêm."
      />
      <ClosingReasonsScreen />
    </>
  );
}
