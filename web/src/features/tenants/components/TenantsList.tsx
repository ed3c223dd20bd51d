/**
 * The tenants list of one page: the first load, a load error, the empty states (none matching the
 * search, no deleted tenant, no tenant at all), else the rows (ResponsiveList: a table from md up,
 * cards below) and the pagination. A failed refresh keeps the rows and says so above them.
 */
import { Button } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconBuildingSkyscraper, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ListPagination } from '../../../components/ListPagination';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { ResponsiveList } from '../../../components/ResponsiveList';
import type { TenantPlans } from '../api/get-tenant-plans';
import { TENANT_PAGE_SIZES, type TenantFilter, type TenantsPage } from '../api/get-tenants';
import type { TenantDialog } from './tenant-dialog';
import { TenantCard, TenantRow } from './TenantRow';

const HEADERS = ['Id', 'Tenant', 'Plano', 'Usuários', 'Tickets/mês', 'Mídia', 'Opções', 'Criado em', 'Situação'];

export interface TenantsListProps {
  tenants: UseQueryResult<TenantsPage>;
  /** Plan names (codes until the catalogue is there). */
  plans: TenantPlans | undefined;
  /** The search the page answers (trimmed) and the filter: say which empty state to show. */
  search: string;
  filter: TenantFilter;
  onClearSearch: () => void;
  /** The "Novo tenant" button, offered when there is no tenant at all. */
  createButton: ReactNode;
  onAction: (dialog: TenantDialog) => void;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
}

export function TenantsList({
  tenants,
  plans,
  search,
  filter,
  onClearSearch,
  createButton,
  onAction,
  onPageChange,
  onLimitChange,
}: TenantsListProps) {
  if (tenants.isPending) return <ListSkeleton label="Carregando tenants" rows={4} />;
  if (tenants.isError && !tenants.data) {
    return (
      <LoadError
        title="Não foi possível carregar os tenants."
        error={tenants.error}
        onRetry={() => void tenants.refetch()}
        retrying={tenants.isFetching}
      />
    );
  }
  if (tenants.data.data.length === 0) {
    if (search !== '') {
      return (
        <EmptyState
          icon={IconSearch}
          title="Nenhum tenant encontrado"
          description={`Nenhum nome ou CNPJ corresponde a “${search}”.`}
          actions={
            <Button variant="light" onClick={onClearSearch}>
              Limpar a busca
            </Button>
          }
        />
      );
    }
    return filter === 'deleted' ? (
      <EmptyState
        icon={IconBuildingSkyscraper}
        title="Nenhum tenant excluído"
        description="Os tenants excluídos aparecem aqui para serem restaurados."
      />
    ) : (
      <EmptyState
        icon={IconBuildingSkyscraper}
        title="Nenhum tenant"
        description="Crie o primeiro tenant da plataforma."
        actions={createButton}
      />
    );
  }

  const { pagination } = tenants.data;
  return (
    <>
      {tenants.isError ? (
        <LoadError
          title="Não foi possível atualizar a lista."
          error={tenants.error}
          onRetry={() => void tenants.refetch()}
          retrying={tenants.isFetching}
        />
      ) : null}
      <ResponsiveList
        items={tenants.data.data}
        getKey={(tenant) => tenant.id}
        headers={HEADERS}
        renderRow={(tenant) => <TenantRow tenant={tenant} plans={plans} onAction={onAction} />}
        renderCard={(tenant) => <TenantCard tenant={tenant} plans={plans} onAction={onAction} />}
        stale={tenants.isPlaceholderData}
      />
      <ListPagination
        page={pagination.page}
        pages={pagination.pages}
        limit={pagination.limit}
        total={pagination.total}
        limits={TENANT_PAGE_SIZES}
        noun="tenants"
        onPageChange={onPageChange}
        onLimitChange={onLimitChange}
      />
    </>
  );
}
