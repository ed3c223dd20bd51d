/** The bar above the users list: the search (on the server: name, email or username) and "Novo usuário". */
import { Button } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { ListToolbar } from '../../../components/ListToolbar';
import { SearchField } from '../../../components/SearchField';
import { MAX_USER_SEARCH } from '../api/get-users';

export interface UsersSearchBarProps {
  search: string;
  onSearchChange: (search: string) => void;
  /** The list is being fetched again (a new search or page). */
  searching: boolean;
  onCreate: () => void;
}

export function UsersSearchBar({ search, onSearchChange, searching, onCreate }: UsersSearchBarProps) {
  return (
    <ListToolbar
      filtersBasis="260px"
      action={
        <Button leftSection={<IconUserPlus size={18} />} onClick={onCreate}>
          Novo usuário
        </Button>
      }
    >
      <SearchField
        aria-label="Buscar usuários"
        placeholder="Buscar por nome, email ou usuário"
        value={search}
        onValueChange={onSearchChange}
        searching={searching}
        clearTooltip
        maxLength={MAX_USER_SEARCH}
        flex="1 1 260px"
        maw={420}
      />
    </ListToolbar>
  );
}
