/**
 * /webhooks (route `webhooks`, feature `webhooks`; docs/campaigns.md): the tenant's own HTTPS
 * endpoints that receive each campaign recipient's status change as a signed Standard Webhooks
 * event, with their deliveries.
 */
import { PageHeader } from '../../components/PageHeader';
import { WebhooksScreen } from '../../features/webhooks/components/WebhooksScreen';
import { useRouteLabels } from '../../lib/route-labels';

export function Component() {
  const { routeLabel } = useRouteLabels();
  return (
    <>
      <PageHeader
        order={1}
        title={routeLabel('webhooks')}
        description="Endereços do seu sistema que recebem, assinada, cada mudança de status das mensagens de campanha."
      />
      <WebhooksScreen />
    </>
  );
}
