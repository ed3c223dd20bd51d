/**
 * The customer's groups in their detail: every group of the tenant as a checkbox, ticked for those
 * the customer is in; ticking or unticking one adds or removes the customer at once
 * (`POST /api/customer-groups/{id}/members`), the box busy meanwhile. A refusal is said in a
 * notification and the box goes back.
 */
import { Anchor, Checkbox, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/LoadError';
import { errorMessage } from '../../../lib/api-errors';
import { useChangeMembers } from '../api/change-members';
import { useGroups } from '../api/get-groups';
import type { CustomerDetail } from '../api/schemas';
import { customersCount, displayName } from '../format';

export interface CustomerGroupsEditorProps {
  customer: CustomerDetail;
  /** The link to the screen's "Grupos" tab. */
  groupsHref: string;
}

export function CustomerGroupsEditor({ customer, groupsHref }: CustomerGroupsEditorProps) {
  const groups = useGroups();
  const members = useChangeMembers();
  const [busy, setBusy] = useState<number | null>(null);
  const memberOf = new Set(customer.groups.map((group) => group.id));
  const name = displayName(customer);

  if (groups.isPending) {
    return (
      <Stack gap={8} aria-busy="true" aria-label="Carregando grupos">
        <Skeleton height={20} width="60%" />
        <Skeleton height={20} width="45%" />
      </Stack>
    );
  }
  if (groups.isError) {
    return (
      <LoadError
        title="Não foi possível carregar os grupos."
        error={groups.error}
        onRetry={() => void groups.refetch()}
        retrying={groups.isFetching}
      />
    );
  }
  if (groups.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nenhum grupo criado.{' '}
        <Anchor component={Link} to={groupsHref} size="sm" underline="always">
          Criar grupos
        </Anchor>
      </Text>
    );
  }

  function toggle(groupId: number, groupName: string, include: boolean) {
    setBusy(groupId);
    members.mutate(include ? { groupId, add: [customer.id] } : { groupId, remove: [customer.id] }, {
      onSuccess: () =>
        notifications.show({
          color: 'teal',
          title: include ? 'Incluído no grupo' : 'Tirado do grupo',
          message: include ? `${name} agora está em ${groupName}.` : `${name} saiu de ${groupName}.`,
        }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Não foi possível alterar o grupo', message: errorMessage(error) }),
      onSettled: () => setBusy(null),
    });
  }

  return (
    <Stack gap="xs" role="group" aria-label={`Grupos de ${name}`}>
      {groups.data.map((group) => (
        <Checkbox
          key={group.id}
          label={
            <Group gap={6} component="span">
              {group.name}
              {busy === group.id ? <Loader size={12} aria-label="Salvando" /> : null}
            </Group>
          }
          description={customersCount(group.members)}
          checked={memberOf.has(group.id)}
          disabled={busy !== null}
          onChange={(event) => toggle(group.id, group.name, event.currentTarget.checked)}
        />
      ))}
    </Stack>
  );
}
