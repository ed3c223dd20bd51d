/**
 * /api-tokens ("Tokens de API", a screen of route `users`; issue 47): the keys integrations call
 * the API with instead of a person's password — created with a role, instances and a validity, the
 * secret shown once, revoked at any time.
 */
import { PageHeader } from '../../components/PageHeader';
import { ApiTokensScreen } from '../../features/api-tokens/components/ApiTokensScreen';
import { useRouteLabels } from '../../lib/route-labels';

export function Component() {
  const { routeLabel } = useRouteLabels();
  return (
    <>
      <PageHeader
        title={routeLabel('api-tokens')}
        description="Chaves para integrações (ERP, loja, n8n, Make) chamarem a API sem a senha de uma pessoa."
      />
      <ApiTokensScreen />
    </>
  );
}
