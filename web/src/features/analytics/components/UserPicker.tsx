/**
 * The users the login failures report is filtered by (none: everyone, unknown emails included).
 * Offered from `GET /api/users` searched on the server (route `users`); for a user without that
 * route, from the users the report itself lists (`byUser` of the answer for everyone).
 */
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useSession } from '../../../lib/session';
import { useUserOptions } from '../api/get-filter-options';

export interface PickedUser {
  id: number;
  label: string;
}

export interface UserPickerProps {
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** Users known from the report's answer (for users who may not list users). */
  reportUsers: readonly PickedUser[];
}

export function UserPicker({ value, onChange, reportUsers }: UserPickerProps) {
  const { permissionRoutes } = useSession();
  const canList = permissionRoutes.includes('users');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const users = useUserOptions(debounced, canList);
  // Labels of users once offered, so a chosen user keeps its name when a new search leaves it out.
  const [labels, setLabels] = useState<ReadonlyMap<number, string>>(new Map());

  const offered = useMemo<PickedUser[]>(
    () =>
      canList
        ? (users.data ?? []).map((user) => ({ id: user.id, label: `${user.name} (${user.email})` }))
        : [...reportUsers],
    [canList, users.data, reportUsers],
  );
  const data = useMemo(() => {
    const byId = new Map<number, string>();
    for (const user of offered) byId.set(user.id, user.label);
    for (const id of value) if (!byId.has(id)) byId.set(id, labels.get(id) ?? `Usuário #${id}`);
    return [...byId].map(([id, label]) => ({ value: String(id), label }));
  }, [offered, value, labels]);

  return (
    <MultiSelect
      label="Usuários"
      description={
        canList
          ? 'Vazio: todos, inclusive emails que não são de nenhum usuário.'
          : 'Vazio: todos. Seu perfil não lista usuários: aparecem os que têm falhas no período.'
      }
      placeholder={value.length === 0 ? 'Todos os usuários' : undefined}
      data={data}
      value={value.map(String)}
      onChange={(ids) => {
        const next = new Map(labels);
        for (const id of ids) {
          const label = data.find((option) => option.value === id)?.label;
          if (label) next.set(Number(id), label);
        }
        setLabels(next);
        onChange(ids.map(Number));
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      clearable
      nothingFoundMessage={users.isFetching ? 'Buscando…' : 'Nenhum usuário encontrado'}
      error={canList && users.isError ? 'Não foi possível carregar os usuários.' : undefined}
      maxDropdownHeight={280}
      w={{ base: '100%', sm: 420 }}
    />
  );
}
