/** /users (route `users`): the tenant's users. */
import { PageHeader } from '../../components/PageHeader';
import { UsersPanel } from '../../features/users/components/UsersPanel';
import { useRouteLabels } from '../../lib/route-labels';

export function Component() {
  const { routeLabel } = useRouteLabels();
  return (
    <>
      <PageHeader
        title={routeLabel('users')}
        description="Quem entra no back-office da empresa, com que perfil e em quais instâncias."
      />
      <UsersPanel />
    </>
  );
}
