/**
 * The bar above the tenants list: the search (name or CNPJ, on the server), which tenants (active,
 * deleted, all), the order, and "Novo tenant".
 */
import { SegmentedControl, Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListToolbar } from '../../../components/ListToolbar';
import { SearchField } from '../../../components/SearchField';
import type { SortType, TenantFilter, TenantSortName } from '../api/get-tenants';

/** The order of the list, as the Select holds it: `id:desc`, `name:asc`… */
export type TenantSort = `${TenantSortName}:${SortType}`;

const FILTERS: { value: TenantFilter; label: string }[] = [
  { value: 'active', label: 'Ativos' },
  { value: 'deleted', label: 'Excluídos' },
  { value: 'all', label: 'Todos' },
];

const SORTS: { value: TenantSort; label: string }[] = [
  { value: 'id:desc', label: 'Mais novos primeiro' },
  { value: 'id:asc', label: 'Mais antigos primeiro' },
  { value: 'name:asc', label: 'Nome (A–Z)' },
  { value: 'name:desc', label: 'Nome (Z–A)' },
];

export interface TenantsFilterBarProps {
  search: string;
  onSearchChange: (search: string) => void;
  /** The list is being fetched again (a new search, filter, order or page). */
  searching: boolean;
  filter: TenantFilter;
  onFilterChange: (filter: TenantFilter) => void;
  sort: TenantSort;
  onSortChange: (sort: TenantSort) => void;
  /** The "Novo tenant" button (the empty list offers it too). */
  createButton: ReactNode;
}

export function TenantsFilterBar({
  search,
  onSearchChange,
  searching,
  filter,
  onFilterChange,
  sort,
  onSortChange,
  createButton,
}: TenantsFilterBarProps) {
  return (
    <ListToolbar action={createButton}>
      <SearchField
        aria-label="Buscar tenants"
        placeholder="Buscar por nome ou CNPJ"
        value={search}
        onValueChange={onSearchChange}
        searching={searching}
        maxLength={100}
        flex="1 1 220px"
        maw={360}
      />
      <SegmentedControl aria-label="Quais tenants" data={FILTERS} value={filter} onChange={onFilterChange} />
      <Select
        aria-label="Ordem"
        data={SORTS}
        value={sort}
        allowDeselect={false}
        onChange={(value) => value && onSortChange(value)}
        w={210}
      />
    </ListToolbar>
  );
}
