/**
 * /users content (docs/contracts.md#screens-and-routes, Users): the tenant's users, searched and
 * paginated on the server (a tenant may have thousands), with create, edit, change email, change
 * name, unblock and delete, and for someone else's account disconnecting (when online), a temporary
 * password and, when it is on, resetting two-factor (docs/account.md). The search bar (UsersSearchBar), the list (UsersList: a
 * table from md up, cards below; every action is in the row's "Ações" menu) and the one dialog
 * open at a time.
 */
import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useListPage } from '../../../lib/list-page';
import { useSession } from '../../../lib/session';
import { DEFAULT_USER_PAGE_SIZE, useUsers, type User } from '../api/get-users';
import { DeleteUserDialog } from './DeleteUserDialog';
import { DisconnectUserDialog } from './DisconnectUserDialog';
import { ResetTwoFactorDialog } from './ResetTwoFactorDialog';
import { TemporaryPasswordModal } from './TemporaryPasswordModal';
import { UnblockUserDialog } from './UnblockUserDialog';
import type { UserDialog } from './user-dialog';
import { UserFieldModal } from './UserFieldModal';
import { UserFormModal } from './UserFormModal';
import { UsersList } from './UsersList';
import { UsersSearchBar } from './UsersSearchBar';

/** Wait this long after the last keystroke before searching (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

export function UsersPanel() {
  const { userInfo } = useSession();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // A new search starts on the first page.
  const [page, setPage] = useListPage(debouncedSearch);
  const [limit, setLimit] = useState<number>(DEFAULT_USER_PAGE_SIZE);
  const [dialog, setDialog] = useState<UserDialog>({ kind: 'none' });
  const users = useUsers({ page, limit, search: debouncedSearch });

  // After deleting the last row of the last page, show the page that now is the last (adjusted
  // while rendering, as React recommends over an effect).
  const pages = users.data?.pagination.pages;
  if (pages !== undefined && pages > 0 && page > pages) setPage(pages);

  const isSelf = (user: User) => userInfo !== null && String(userInfo.uid) === String(user.id);
  const close = () => setDialog({ kind: 'none' });
  const userOf = (kind: UserDialog['kind']) => ('user' in dialog && dialog.kind === kind ? dialog.user : null);

  return (
    <Stack gap="md">
      <UsersSearchBar
        search={search}
        onSearchChange={setSearch}
        searching={users.isFetching && !users.isPending}
        onCreate={() => setDialog({ kind: 'create' })}
      />
      <UsersList
        users={users}
        search={debouncedSearch}
        onClearSearch={() => setSearch('')}
        isSelf={isSelf}
        onAction={setDialog}
        onPageChange={setPage}
        onLimitChange={(next) => {
          setLimit(next);
          setPage(1);
        }}
      />

      <UserFormModal
        opened={dialog.kind === 'create' || dialog.kind === 'edit'}
        user={userOf('edit')}
        onClose={close}
      />
      <UserFieldModal
        target={dialog.kind === 'field' ? { field: dialog.field, user: dialog.user } : null}
        onClose={close}
      />
      <DeleteUserDialog user={userOf('delete')} onClose={close} />
      <UnblockUserDialog user={userOf('unblock')} onClose={close} />
      <DisconnectUserDialog user={userOf('disconnect')} onClose={close} />
      <ResetTwoFactorDialog user={userOf('reset-two-factor')} onClose={close} />
      <TemporaryPasswordModal user={userOf('temporary-password')} onClose={close} />
    </Stack>
  );
}
