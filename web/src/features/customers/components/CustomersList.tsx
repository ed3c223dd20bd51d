/**
 * The customers of the search and the tag filter, page after page: the first load, a load error
 * with a retry, the empty states (no customer yet, none matching the search, none with the tag —
 * each with the button that undoes it), else the rows (a table from md up, cards below), how many
 * are shown and "Carregar mais" while the server has more. A failed refresh keeps the rows and says
 * so above them.
 */
import { Button, Group, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { IconAddressBook, IconSearch, IconTag } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { LoadMore } from '../../../components/LoadMore';
import { ResponsiveList } from '../../../components/ResponsiveList';
import type { Customer, CustomerPage } from '../api/schemas';
import { customersCount } from '../format';
import { CustomerCard, CustomerRow } from './CustomerRow';

const HEADERS = ['Cliente', 'Telefone', 'Email', 'Etiquetas', 'Cliente desde', 'Situação'];

export interface CustomersListProps {
  customers: UseInfiniteQueryResult<InfiniteData<CustomerPage>>;
  /** The search the list answers (trimmed): says which empty state to show. */
  search: string;
  onClearSearch: () => void;
  /** The name of the tag the list is filtered by; null: any tag. */
  tagName: string | null;
  onClearTag: () => void;
  detailHref: (id: number) => string;
  onOpen: (customer: Customer) => void;
  onBlacklist: (customer: Customer) => void;
}

export function CustomersList({
  customers,
  search,
  onClearSearch,
  tagName,
  onClearTag,
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
    if (tagName !== null) {
      return (
        <EmptyState
          icon={IconTag}
          title="Nenhum cliente com essa etiqueta"
          description={
            search
              ? `Nenhum cliente com a etiqueta “${tagName}” tem “${search}” no nome ou no telefone.`
              : `Nenhum cliente tem a etiqueta “${tagName}”.`
          }
          actions={
            <Group gap="sm" justify="center">
              <Button variant="light" onClick={onClearTag}>
                Mostrar todas as etiquetas
              </Button>
              {search ? (
                <Button variant="default" onClick={onClearSearch}>
                  Limpar a busca
                </Button>
              ) : null}
            </Group>
          }
        />
      );
    }
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
