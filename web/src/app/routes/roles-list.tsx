/** /roles/list (route `roles-list`): the tenant's roles. */
import { PageHeader } from '../../components/PageHeader';
import { RolesList } from '../../features/roles/components/RolesList';
import { useRouteLabels } from '../../lib/route-labels';

export function Component() {
  const { routeLabel } = useRouteLabels();
  return (
    <>
      <PageHeader
        title={routeLabel('roles-list')}
        description="Cada pessoa da equipe tem um perfil, e o perfil diz quais telas ela pode abrir."
      />
      <RolesList />
    </>
  );
}
