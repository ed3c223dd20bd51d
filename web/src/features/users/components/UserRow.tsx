/**
 * One user of the list: a row of the desktop table (`UserRow`) and the phone's card (`UserCard`),
 * with the same identity, details, status badges and actions menu.
 */
import { Avatar, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { ListCard, ListCardDetail } from '../../../components/ResponsiveList';
import { allowedImageUrl } from '../../../lib/images';
import { PRESENCE_STATUSES } from '../../../lib/presence';
import type { User } from '../api/get-users';
import { UserActionsMenu } from './UserActionsMenu';
import type { UserDialog } from './user-dialog';
import classes from './UserRow.module.css';

export interface UserRowProps {
  user: User;
  /** The user is the one logged in (UserActionsMenu). */
  self: boolean;
  onAction: (dialog: UserDialog) => void;
}

function instancesText(user: User): string {
  if (user.userInstances.length === 0) return '—';
  return user.userInstances.map((link) => link.instance.name).join(', ');
}

function UserIdentity({ user }: { user: User }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={allowedImageUrl(user.image)} alt="" name={user.name} color="initials" radius="xl" size={36} />
      <Stack gap={0} miw={0}>
        <Text fw={600} size="sm" truncate>
          {user.name}
        </Text>
        <Text size="xs" c="dimmed" className={classes.email}>
          {user.email}
        </Text>
      </Stack>
    </Group>
  );
}

/** Online, Ausente (connected, receiving no new tickets) or Offline. */
function ConnectionBadge({ user }: { user: User }) {
  const away = user.isConnected && user.away;
  const color = away ? PRESENCE_STATUSES.ausente.badgeColor : user.isConnected ? 'teal' : 'gray';
  return (
    <Badge color={color} variant="dot">
      {away ? PRESENCE_STATUSES.ausente.label : user.isConnected ? 'Online' : 'Offline'}
    </Badge>
  );
}

function StatusBadges({ user }: { user: User }) {
  return (
    <Group gap={6} wrap="wrap">
      {user.blocked ? (
        <Badge color="red" variant="light">
          Acesso bloqueado
        </Badge>
      ) : null}
      {user.mustChangePassword ? (
        <Badge color="yellow" variant="light">
          Senha temporária
        </Badge>
      ) : null}
      <ConnectionBadge user={user} />
      {user.twoFactorEnabled ? (
        <Badge color="blue" variant="light">
          Dois fatores
        </Badge>
      ) : null}
      {user.isFunctional ? (
        <Badge color="violet" variant="light">
          Integração
        </Badge>
      ) : null}
    </Group>
  );
}

export function UserRow({ user, self, onAction }: UserRowProps) {
  return (
    <Table.Tr data-testid={`user-row-${user.id}`}>
      <Table.Td maw={280}>
        <UserIdentity user={user} />
      </Table.Td>
      <Table.Td>{user.role?.display_name ?? '—'}</Table.Td>
      <Table.Td>{user.userDepartment?.name ?? '—'}</Table.Td>
      <Table.Td maw={220}>
        <Text size="sm" lineClamp={2}>
          {instancesText(user)}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadges user={user} />
      </Table.Td>
      <Table.Td ta="right">
        <UserActionsMenu user={user} self={self} onAction={onAction} />
      </Table.Td>
    </Table.Tr>
  );
}

export function UserCard({ user, self, onAction }: UserRowProps) {
  return (
    <ListCard data-testid={`user-card-${user.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <UserIdentity user={user} />
        <UserActionsMenu user={user} self={self} onAction={onAction} />
      </Group>
      <Stack gap={4} mt="sm">
        <ListCardDetail label="Perfil">{user.role?.display_name ?? '—'}</ListCardDetail>
        <ListCardDetail label="Departamento">{user.userDepartment?.name ?? '—'}</ListCardDetail>
        <ListCardDetail label="Instâncias">{instancesText(user)}</ListCardDetail>
      </Stack>
      <Group mt="sm">
        <StatusBadges user={user} />
      </Group>
    </ListCard>
  );
}
