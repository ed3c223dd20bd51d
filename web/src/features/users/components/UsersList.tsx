/**
 * The users list of one page: the first load, the empty states (no user yet, or none matching the
 * search), else the rows (ResponsiveList: a table from md up, cards below) and the pagination. A
 * list that failed is an empty list with the error beside it and a retry (the specification's §8:
 * api/get-users.ts).
 */
import { Button } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';
import { ListPagination } from '../../../components/ListPagination';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { ResponsiveList } from '../../../components/ResponsiveList';
import { USER_PAGE_SIZES, type User, type UsersPage } from '../api/get-users';
import type { UserDialog } from './user-dialog';
import { UserCard, UserRow } from './UserRow';

const HEADERS = ['Usuário', 'Perfil', 'Departamento', 'Instâncias', 'Situação'];

export interface UsersListProps {
  users: UseQueryResult<UsersPage>;
  /** The search the page answers (trimmed): says which empty state to show. */
  search: string;
  onClearSearch: () => void;
  isSelf: (user: User) => boolean;
  onAction: (dialog: UserDialog) => void;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
}

export function UsersList({
  users,
  search,
  onClearSearch,
  isSelf,
  onAction,
  onPageChange,
  onLimitChange,
}: UsersListProps) {
  if (users.isPending) return <ListSkeleton label="Carregando usuários" rows={5} />;
  const failure: unknown = users.isError ? users.error : users.data.failure;
  if (failure || !users.data) {
    return (
      <>
        <LoadError
          title="Não foi possível carregar os usuários."
          error={failure}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
        <EmptyState icon={IconUsers} title="Nenhum usuário na lista" description="A lista está vazia." />
      </>
    );
  }
  if (users.data.data.length === 0) {
    return search ? (
      <EmptyState
        icon={IconSearch}
        title="Nenhum usuário encontrado"
        description={`Nenhum nome, email ou usuário contém “${search}”.`}
        actions={
          <Button variant="light" onClick={onClearSearch}>
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
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => onAction({ kind: 'create' })}>
            Novo usuário
          </Button>
        }
      />
    );
  }

  const { pagination } = users.data;
  return (
    <>
      <ResponsiveList
        items={users.data.data}
        getKey={(user) => user.id}
        headers={HEADERS}
        renderRow={(user) => <UserRow user={user} self={isSelf(user)} onAction={onAction} />}
        renderCard={(user) => <UserCard user={user} self={isSelf(user)} onAction={onAction} />}
        stale={users.isPlaceholderData}
      />
      <ListPagination
        page={pagination.page}
        pages={pagination.pages}
        limit={pagination.limit}
        total={pagination.total}
        limits={USER_PAGE_SIZES}
        noun="usuários"
        onPageChange={onPageChange}
        onLimitChange={onLimitChange}
      />
    </>
  );
}
