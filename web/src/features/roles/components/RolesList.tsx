/**
 * /roles/list content: every role with its number of routes and two-factor requirement, and an
 * edit action for users who may edit roles (route `roles-edit`). A table from sm up, cards below.
 */
import { Badge, Button, Card, Code, Group, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconLock, IconPencil, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { routePath } from '../../../config/paths';
import { hasPermissionRoute } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { useRoles, type Role } from '../api/get-roles';

function routeCount(count: number): string {
  return count === 1 ? '1 rota' : `${count} rotas`;
}

/**
 * The role's two-factor requirement, in sentence case; `prefixed` names it (cards have no column
 * header).
 */
function TwoFactorBadge({ required, prefixed = false }: { required: boolean; prefixed?: boolean }) {
  const word = required ? 'obrigatória' : 'opcional';
  const text = prefixed ? `Dois fatores: ${word}` : word.charAt(0).toUpperCase() + word.slice(1);
  return required ? (
    <Badge color="teal" variant="light" tt="none" leftSection={<IconShieldCheck size={12} />}>
      {text}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" tt="none">
      {text}
    </Badge>
  );
}

function EditButton({ role }: { role: Role }) {
  return (
    <Button
      component={Link}
      to={routePath('roles-edit', { id: role.id })}
      size="xs"
      variant="light"
      leftSection={<IconPencil size={14} />}
      aria-label={`Editar o perfil ${role.display_name}`}
    >
      Editar
    </Button>
  );
}

function LoadingRows() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Carregando perfis">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={44} radius="sm" />
      ))}
    </Stack>
  );
}

export function RolesList() {
  const roles = useRoles();
  const { permissionRoutes } = useSession();
  const canEdit = hasPermissionRoute('roles-edit', permissionRoutes);

  if (roles.isPending) return <LoadingRows />;
  if (roles.isError) {
    return (
      <LoadError
        title="Não foi possível carregar os perfis."
        error={roles.error}
        onRetry={() => void roles.refetch()}
        retrying={roles.isFetching}
      />
    );
  }
  if (roles.data.length === 0) {
    return (
      <EmptyState
        icon={IconLock}
        title="Nenhum perfil cadastrado"
        description="Os perfis de acesso do modelo da empresa aparecem aqui quando ela é provisionada."
      />
    );
  }

  return (
    <>
      <Paper withBorder radius="md" visibleFrom="sm">
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Perfil</Table.Th>
              <Table.Th>Nome</Table.Th>
              <Table.Th>Rotas permitidas</Table.Th>
              <Table.Th>Dois fatores</Table.Th>
              {canEdit ? (
                <Table.Th>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {roles.data.map((role) => (
              <Table.Tr key={role.id}>
                <Table.Td fw={600}>{role.display_name}</Table.Td>
                <Table.Td>
                  <Code>{role.name}</Code>
                </Table.Td>
                <Table.Td>{routeCount(role.has_permission_routes.length)}</Table.Td>
                <Table.Td>
                  <TwoFactorBadge required={role.require_two_factor} />
                </Table.Td>
                {canEdit ? (
                  <Table.Td ta="right">
                    <EditButton role={role} />
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Stack gap="sm" hiddenFrom="sm">
        {roles.data.map((role) => (
          <Card key={role.id} withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4}>
                <Text fw={600}>{role.display_name}</Text>
                <Code w="fit-content">{role.name}</Code>
              </Stack>
              {canEdit ? <EditButton role={role} /> : null}
            </Group>
            <Group gap="xs" mt="sm">
              <Badge color="blue" variant="light" tt="none">
                {routeCount(role.has_permission_routes.length)}
              </Badge>
              <TwoFactorBadge required={role.require_two_factor} prefixed />
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
