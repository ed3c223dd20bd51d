/**
 * The users the login failures report is filtered by (none: everyone, unknown emails included).
 * Offered from `GET /api/dashboard-report/users` (the report's own route; deleted users included,
 * their failures stay), searched in the browser.
 */
import { MultiSelect } from '@mantine/core';
import { useMemo } from 'react';
import { useReportUsers } from '../api/get-filter-options';
import { isFeatureDisabled } from '../errors';

/** Options drawn at once; typing narrows the search to the others. */
const SHOWN_OPTIONS = 100;

export interface UserPickerProps {
  value: readonly number[];
  onChange: (ids: number[]) => void;
}

export function UserPicker({ value, onChange }: UserPickerProps) {
  const users = useReportUsers();
  const data = useMemo(() => {
    const byId = new Map<number, string>();
    for (const user of users.data ?? []) byId.set(user.id, `${user.name} (${user.email})`);
    // A chosen user the list lacks (still loading, or it failed) keeps a label.
    for (const id of value) if (!byId.has(id)) byId.set(id, `Usuário #${id}`);
    return [...byId].map(([id, label]) => ({ value: String(id), label }));
  }, [users.data, value]);

  return (
    <MultiSelect
      label="Usuários"
      description="Vazio: todos, inclusive emails que não são de nenhum usuário."
      placeholder={value.length === 0 ? 'Todos os usuários' : undefined}
      data={data}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      searchable
      clearable
      limit={SHOWN_OPTIONS}
      nothingFoundMessage={users.isPending ? 'Carregando…' : 'Nenhum usuário encontrado'}
      // A tenant without `reports` gets the report's own message; the picker need not repeat it.
      error={users.isError && !isFeatureDisabled(users.error) ? 'Não foi possível carregar os usuários.' : undefined}
      maxDropdownHeight={280}
      w={{ base: '100%', sm: 420 }}
    />
  );
}
