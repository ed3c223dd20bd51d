/** /roles/edit/{id} (route `roles-edit`): one role's permitted routes and two-factor requirement. */
import { Button, Skeleton, Stack } from '@mantine/core';
import { IconLockOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { routePath } from '../../config/paths';
import { usePermissionCategories } from '../../features/roles/api/get-permission-categories';
import { useRole } from '../../features/roles/api/get-roles';
import { RoleEditForm } from '../../features/roles/components/RoleEditForm';
import { useRouteLabels } from '../../lib/route-labels';

/** The `:id` of the path as a role id, or null when it is not a positive integer. */
function parseRoleId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

function LoadingForm() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Carregando perfil">
      <Skeleton height={84} radius="md" />
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={140} radius="md" />
      ))}
    </Stack>
  );
}

export function Component() {
  const { routeLabel } = useRouteLabels();
  const id = parseRoleId(useParams().id);
  const role = useRole(id);
  const categories = usePermissionCategories();
  const listPath = routePath('roles-list');
  const back = (
    <Button component={Link} to={listPath} variant="default">
      Voltar aos perfis
    </Button>
  );

  let content;
  if (id === null || (role.isSuccess && role.data === null)) {
    content = (
      <EmptyState
        icon={IconLockOff}
        title="Perfil não encontrado"
        description="Ele pode ter sido removido, ou o endereço está incompleto."
        actions={back}
      />
    );
  } else if (role.isError || categories.isError) {
    const failed = role.isError ? role : categories;
    content = (
      <LoadError
        title="Não foi possível carregar o perfil."
        error={failed.error}
        onRetry={() => {
          if (role.isError) void role.refetch();
          if (categories.isError) void categories.refetch();
        }}
        retrying={role.isFetching || categories.isFetching}
      />
    );
  } else if (role.isPending || categories.isPending || !role.data) {
    content = <LoadingForm />;
  } else {
    content = (
      // Keyed by role: another role's form starts from that role's values.
      <RoleEditForm key={role.data.id} role={role.data} categories={categories.data} cancelPath={listPath} />
    );
  }

  const title = role.data ? `${routeLabel('roles-edit')}: ${role.data.display_name}` : routeLabel('roles-edit');
  return (
    <>
      <PageHeader title={title} description="Marque as telas que quem tem este perfil pode abrir." />
      {content}
    </>
  );
}
