/**
 * The customers of the search, page after page: the first load, a load error with a retry, the
 * empty states (no customer yet, or none matching), else the rows (a table from md up, cards below),
 * how many are shown and "Carregar mais" while the server has more. A failed refresh keeps the rows
 * and says so above them.
 */
import { Button, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { IconAddressBook, IconSearch } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { LoadMore } from '../../../components/LoadMore';
import { ResponsiveList } from '../../../components/ResponsiveList';
import type { Customer, CustomerPage } from '../api/schemas';
import { customersCount } from '../format';
import { CustomerCard, CustomerRow } from './CustomerRow';

const HEADERS = ['Cliente', 'Telefone', 'Email', 'Cliente desde', 'Situação'];

export interface CustomersListProps {
  customers: UseInfiniteQueryResult<InfiniteData<CustomerPage>>;
  /** The search the list answers (trimmed): says which empty state to show. */
  search: string;
  onClearSearch: () => void;
  detailHref: (id: number) => string;
  onOpen: (customer: Customer) => void;
  onBlacklist: (customer: Customer) => void;
}

export function CustomersList({
  customers,
  search,
  onClearSearch,
  detailHref,
  onOpen,
  onBlacklist,
}: CustomersListProps) {
  if (customers.isPending) return <ListSkeleton label="Carregando clientes" rows={6} />;
  if (customers.isError && !customers.data) {
    return (
      <LoadError
        title="Não foi possível carregar os clientes."
        error={customers.error}
        onRetry={() => void customers.refetch()}
        retrying={customers.isFetching}
      />
    );
  }
  const rows = customers.data.pages.flatMap((page) => page.data);
  if (rows.length === 0) {
    return search ? (
      <EmptyState
        icon={IconSearch}
        title="Nenhum cliente encontrado"
        description={`Nenhum cliente tem “${search}” no nome ou no telefone (o telefone é buscado a partir de 4 dígitos).`}
        actions={
          <Button variant="light" onClick={onClearSearch}>
            Limpar a busca
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={IconAddressBook}
        title="Nenhum cliente ainda"
        description="Um cliente aparece aqui quando escreve pela primeira vez para um número da empresa."
      />
    );
  }
  return (
    <>
      {customers.isError ? (
        <LoadError
          title="Não foi possível atualizar a lista."
          error={customers.error}
          onRetry={() => void customers.refetch()}
          retrying={customers.isFetching}
        />
      ) : null}
      <ResponsiveList
        items={rows}
        getKey={(customer) => customer.id}
        headers={HEADERS}
        renderRow={(customer) => (
          <CustomerRow customer={customer} detailHref={detailHref} onOpen={onOpen} onBlacklist={onBlacklist} />
        )}
        renderCard={(customer) => (
          <CustomerCard customer={customer} detailHref={detailHref} onOpen={onOpen} onBlacklist={onBlacklist} />
        )}
        stale={customers.isPlaceholderData}
      />
      <Text size="sm" c="dimmed" ta="center" aria-live="polite">
        {customersCount(rows.length)} {rows.length === 1 ? 'mostrado' : 'mostrados'}
        {customers.hasNextPage ? ' · há mais' : ''}
      </Text>
      <LoadMore query={customers} />
    </>
  );
}
