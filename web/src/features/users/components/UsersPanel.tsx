/**
 * /users content (docs/contracts.md#screens-and-routes, Users): the tenant's users, searched and
 * paginated on the server (a tenant may have thousands), with create, edit, change email, change
 * name, unblock and delete, and for someone else's account a temporary password and, when it is on,
 * resetting two-factor (docs/account.md). A table from md up, cards below; every action is in the
 * row's "Ações" menu. Resetting two-factor needs proof of presence: without a recent password
 * login, the administrator confirms their own password (components/use-reauthentication.tsx).
 */
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAt,
  IconDots,
  IconKey,
  IconLockOpen,
  IconPencil,
  IconSearch,
  IconShieldOff,
  IconSignature,
  IconTrash,
  IconUserPlus,
  IconUsers,
  IconX,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError } from '../../../components/LoadError';
import { useReauthentication } from '../../../components/use-reauthentication';
import { errorMessage } from '../../../lib/api-errors';
import { allowedImageUrl } from '../../../lib/images';
import { useListPage } from '../../../lib/list-page';
import { isReauthenticationCancelled } from '../../../lib/reauthentication';
import { useSession } from '../../../lib/session';
import { useDeleteUser } from '../api/delete-user';
import { DEFAULT_USER_PAGE_SIZE, MAX_USER_SEARCH, USER_PAGE_SIZES, useUsers, type User } from '../api/get-users';
import { useResetTwoFactor } from '../api/reset-two-factor';
import { useUnblockUser } from '../api/unblock-user';
import { TemporaryPasswordModal } from './TemporaryPasswordModal';
import { UserFieldModal, type UserField } from './UserFieldModal';
import { UserFormModal } from './UserFormModal';

/** Wait this long after the last keystroke before searching (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

type Dialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit'; user: User }
  | { kind: 'field'; field: UserField; user: User }
  | { kind: 'delete'; user: User }
  | { kind: 'unblock'; user: User }
  | { kind: 'temporary-password'; user: User }
  | { kind: 'reset-two-factor'; user: User };

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
      <Badge color={user.isConnected ? 'teal' : 'gray'} variant="dot">
        {user.isConnected ? 'Online' : 'Offline'}
      </Badge>
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

function instancesText(user: User): string {
  if (user.userInstances.length === 0) return '—';
  return user.userInstances.map((link) => link.instance.name).join(', ');
}

interface RowActionsProps {
  user: User;
  self: boolean;
  onAction: (dialog: Dialog) => void;
}

function RowActions({ user, self, onAction }: RowActionsProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Ações de ${user.name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onAction({ kind: 'edit', user })}>
          Editar
        </Menu.Item>
        <Menu.Item
          leftSection={<IconSignature size={16} />}
          onClick={() => onAction({ kind: 'field', field: 'name', user })}
        >
          Alterar nome
        </Menu.Item>
        <Menu.Item leftSection={<IconAt size={16} />} onClick={() => onAction({ kind: 'field', field: 'email', user })}>
          Alterar email
        </Menu.Item>
        {user.blocked ? (
          <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => onAction({ kind: 'unblock', user })}>
            Desbloquear
          </Menu.Item>
        ) : null}
        {self ? null : (
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => onAction({ kind: 'temporary-password', user })}>
            Definir senha temporária
          </Menu.Item>
        )}
        {!self && user.twoFactorEnabled ? (
          <Menu.Item
            leftSection={<IconShieldOff size={16} />}
            onClick={() => onAction({ kind: 'reset-two-factor', user })}
          >
            Redefinir dois fatores
          </Menu.Item>
        ) : null}
        {self ? null : (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => onAction({ kind: 'delete', user })}
            >
              Excluir
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function UserIdentity({ user }: { user: User }) {
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <Avatar src={allowedImageUrl(user.image)} alt="" name={user.name} color="initials" radius="xl" size={36} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" truncate>
          {user.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
      </Stack>
    </Group>
  );
}

function LoadingRows() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Carregando usuários">
      {[0, 1, 2, 3, 4].map((row) => (
        <Skeleton key={row} height={52} radius="sm" />
      ))}
    </Stack>
  );
}

function UsersTable({
  users,
  isSelf,
  onAction,
}: {
  users: User[];
  isSelf: (user: User) => boolean;
  onAction: (dialog: Dialog) => void;
}) {
  return (
    <Paper withBorder radius="md" visibleFrom="md">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Usuário</Table.Th>
            <Table.Th>Perfil</Table.Th>
            <Table.Th>Departamento</Table.Th>
            <Table.Th>Instâncias</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th w={60}>
              <VisuallyHidden>Ações</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-testid={`user-row-${user.id}`}>
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
                <RowActions user={user} self={isSelf(user)} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

function UsersCards({
  users,
  isSelf,
  onAction,
}: {
  users: User[];
  isSelf: (user: User) => boolean;
  onAction: (dialog: Dialog) => void;
}) {
  return (
    <Stack gap="sm" hiddenFrom="md">
      {users.map((user) => (
        <Card key={user.id} withBorder radius="md" padding="md" data-testid={`user-card-${user.id}`}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <UserIdentity user={user} />
            <RowActions user={user} self={isSelf(user)} onAction={onAction} />
          </Group>
          <Stack gap={4} mt="sm">
            <Detail label="Perfil">{user.role?.display_name ?? '—'}</Detail>
            <Detail label="Departamento">{user.userDepartment?.name ?? '—'}</Detail>
            <Detail label="Instâncias">{instancesText(user)}</Detail>
          </Stack>
          <Group mt="sm">
            <StatusBadges user={user} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

export function UsersPanel() {
  const { userInfo } = useSession();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // A new search starts on the first page.
  const [page, setPage] = useListPage(debouncedSearch);
  const [limit, setLimit] = useState<number>(DEFAULT_USER_PAGE_SIZE);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const users = useUsers({ page, limit, search: debouncedSearch });
  const remove = useDeleteUser();
  const unblock = useUnblockUser();
  const {
    reauthenticate,
    opened: reauthenticating,
    modal: reauthenticationModal,
  } = useReauthentication({
    description:
      'Por segurança, confirme a sua própria senha para redefinir a autenticação em dois fatores de outra pessoa.',
  });
  const resetTwoFactor = useResetTwoFactor(reauthenticate);

  // After deleting the last row of the last page, show the page that now is the last (adjusted
  // while rendering, as React recommends over an effect).
  const pages = users.data?.pagination.pages;
  if (pages !== undefined && pages > 0 && page > pages) setPage(pages);

  const isSelf = (user: User) => userInfo !== null && String(userInfo.uid) === String(user.id);
  const close = () => setDialog({ kind: 'none' });

  function confirmDelete(user: User) {
    remove.mutate(user.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', title: 'Usuário excluído', message: `${user.name} não tem mais acesso.` });
        close();
      },
      onError: (error) => {
        notifications.show({ color: 'red', title: 'Não foi possível excluir o usuário', message: errorMessage(error) });
      },
    });
  }

  function confirmUnblock(user: User) {
    unblock.mutate(user.id, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          title: 'Usuário desbloqueado',
          message: `${user.name} já pode entrar de novo.`,
        });
        close();
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: 'Não foi possível desbloquear o usuário',
          message: errorMessage(error),
        });
      },
    });
  }

  function confirmResetTwoFactor(user: User) {
    resetTwoFactor.mutate(user.id, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          title: 'Dois fatores redefinidos',
          message: `${user.name} entra só com a senha até ativar os dois fatores de novo.`,
        });
        close();
      },
      onError: (error) => {
        // The password modal was closed: the reset did not happen.
        if (isReauthenticationCancelled(error)) {
          close();
          return;
        }
        notifications.show({
          color: 'red',
          title: 'Não foi possível redefinir os dois fatores',
          message: errorMessage(error),
        });
      },
    });
  }

  let content: ReactNode;
  if (users.isPending) {
    content = <LoadingRows />;
  } else if (users.isError && !users.data) {
    content = (
      <LoadError
        title="Não foi possível carregar os usuários."
        error={users.error}
        onRetry={() => void users.refetch()}
        retrying={users.isFetching}
      />
    );
  } else if (users.data.data.length === 0) {
    content = debouncedSearch ? (
      <EmptyState
        icon={IconSearch}
        title="Nenhum usuário encontrado"
        description={`Nenhum nome, email ou usuário contém “${debouncedSearch}”.`}
        actions={
          <Button variant="light" onClick={() => setSearch('')}>
            Limpar a busca
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={IconUsers}
        title="Nenhum usuário cadastrado"
        description="Crie o primeiro usuário da empresa."
        actions={
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setDialog({ kind: 'create' })}>
            Novo usuário
          </Button>
        }
      />
    );
  } else {
    const { pagination } = users.data;
    content = (
      <>
        {users.isError ? (
          <LoadError
            title="Não foi possível atualizar a lista."
            error={users.error}
            onRetry={() => void users.refetch()}
            retrying={users.isFetching}
          />
        ) : null}
        <div
          style={{ opacity: users.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
          aria-busy={users.isPlaceholderData}
        >
          <UsersTable users={users.data.data} isSelf={isSelf} onAction={setDialog} />
          <UsersCards users={users.data.data} isSelf={isSelf} onAction={setDialog} />
        </div>
        <ListPagination
          page={pagination.page}
          pages={pagination.pages}
          limit={pagination.limit}
          total={pagination.total}
          limits={USER_PAGE_SIZES}
          noun="usuários"
          onPageChange={setPage}
          onLimitChange={(next) => {
            setLimit(next);
            setPage(1);
          }}
        />
      </>
    );
  }

  const deleting = dialog.kind === 'delete' ? dialog.user : null;
  const unblocking = dialog.kind === 'unblock' ? dialog.user : null;
  const resetting = dialog.kind === 'reset-two-factor' ? dialog.user : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TextInput
          aria-label="Buscar usuários"
          placeholder="Buscar por nome, email ou usuário"
          leftSection={<IconSearch size={16} />}
          rightSection={
            users.isFetching && !users.isPending ? (
              <Loader size={14} aria-label="Buscando" />
            ) : search ? (
              <Tooltip label="Limpar a busca">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  onClick={() => setSearch('')}
                  aria-label="Limpar a busca"
                >
                  <IconX size={14} />
                </ActionIcon>
              </Tooltip>
            ) : null
          }
          maxLength={MAX_USER_SEARCH}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 260px', maxWidth: 420 }}
        />
        <Button leftSection={<IconUserPlus size={18} />} onClick={() => setDialog({ kind: 'create' })}>
          Novo usuário
        </Button>
      </Group>
      {content}

      <UserFormModal
        opened={dialog.kind === 'create' || dialog.kind === 'edit'}
        user={dialog.kind === 'edit' ? dialog.user : null}
        onClose={close}
      />
      <UserFieldModal
        target={dialog.kind === 'field' ? { field: dialog.field, user: dialog.user } : null}
        onClose={close}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Excluir usuário"
        confirmLabel="Excluir"
        loading={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onClose={close}
      >
        {`Excluir ${deleting?.name ?? ''} (${deleting?.email ?? ''})? As sessões abertas desta conta terminam agora e o email fica livre para outra pessoa.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={unblocking !== null}
        title="Desbloquear usuário"
        confirmLabel="Desbloquear"
        color="teal"
        loading={unblock.isPending}
        onConfirm={() => unblocking && confirmUnblock(unblocking)}
        onClose={close}
      >
        {`O acesso de ${unblocking?.name ?? ''} foi bloqueado depois de várias senhas erradas. Desbloquear permite entrar de novo.`}
      </ConfirmDialog>
      <ConfirmDialog
        // The password modal takes its place while it asks (one dialog at a time).
        opened={resetting !== null && !reauthenticating}
        title="Redefinir dois fatores"
        confirmLabel="Redefinir"
        loading={resetTwoFactor.isPending}
        onConfirm={() => resetting && confirmResetTwoFactor(resetting)}
        onClose={close}
      >
        {`Desativar a autenticação em dois fatores de ${resetting?.name ?? ''} (${resetting?.email ?? ''})? Os códigos de recuperação deixam de valer. No próximo login, basta a senha; se o perfil exigir dois fatores, será preciso ativá-los de novo.`}
      </ConfirmDialog>
      <TemporaryPasswordModal user={dialog.kind === 'temporary-password' ? dialog.user : null} onClose={close} />
      {reauthenticationModal}
    </Stack>
  );
}
