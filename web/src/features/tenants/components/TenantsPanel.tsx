/**
 * /tenants content for back-office operators (docs/contracts.md#screens-and-routes, Tenants): the
 * paginated, searchable list with the default paging (page 1, 4 per page, id descending;
 * docs/contracts.md#constants), deleted tenants hidden unless the filter asks for them, and per
 * tenant: plan and limits, features, instances, unblocking an account locked out by wrong passwords,
 * synchronising its analytics (docs/analytics.md#analytics-sync), generating its campaign status
 * webhooks again (docs/campaigns.md), downloading its sheets (docs/analytics.md#sheets), delete or
 * restore. The filter bar (TenantsFilterBar), the
 * list (TenantsList) and the one dialog open at a time. The instances view comes from the app
 * (`renderInstances`): features do not import each other.
 */
import { Button, Drawer, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useListPage } from '../../../lib/list-page';
import { useTenantPlans } from '../api/get-tenant-plans';
import {
  TENANT_LIST_DEFAULTS,
  useTenants,
  type SortType,
  type Tenant,
  type TenantFilter,
  type TenantSortName,
} from '../api/get-tenants';
import type { TenantDialog } from './tenant-dialog';
import { TenantCampaignWebhooksModal } from './TenantCampaignWebhooksModal';
import { TenantDeletionDialog } from './TenantDeletionDialog';
import { TenantFeaturesModal } from './TenantFeaturesModal';
import { TenantFormModal } from './TenantFormModal';
import { TenantPlanModal } from './TenantPlanModal';
import { TenantsFilterBar, type TenantSort } from './TenantsFilterBar';
import { TenantSheetsModal } from './TenantSheetsModal';
import { TenantsList } from './TenantsList';
import { TenantSyncAnalyticsModal } from './TenantSyncAnalyticsModal';
import { TenantUnblockUserModal } from './TenantUnblockUserModal';

/** Wait this long after the last keystroke before searching (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface TenantsPanelProps {
  /** The instances of one tenant (the app passes features/instances' panel). */
  renderInstances: (tenant: Tenant) => ReactNode;
}

export function TenantsPanel({ renderInstances }: TenantsPanelProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [filter, setFilter] = useState<TenantFilter>(TENANT_LIST_DEFAULTS.filter);
  const [sort, setSort] = useState<TenantSort>(`${TENANT_LIST_DEFAULTS.sortName}:${TENANT_LIST_DEFAULTS.sortType}`);
  // A new search, filter or order starts on the first page.
  const [page, setPage] = useListPage(`${debouncedSearch}|${filter}|${sort}`, TENANT_LIST_DEFAULTS.page);
  const [limit, setLimit] = useState(TENANT_LIST_DEFAULTS.limit);
  const [dialog, setDialog] = useState<TenantDialog>({ kind: 'none' });
  const [sortName, sortType] = sort.split(':') as [TenantSortName, SortType];
  const tenants = useTenants({ filter, page, limit, search: debouncedSearch, sortName, sortType });
  const plans = useTenantPlans();
  const close = () => setDialog({ kind: 'none' });
  const tenantOf = (kind: TenantDialog['kind']) => ('tenant' in dialog && dialog.kind === kind ? dialog.tenant : null);

  // After deleting or restoring the last row of the last page, show the page that now is the last
  // (adjusted while rendering, as React recommends over an effect).
  const pages = tenants.data?.pagination.pages;
  if (pages !== undefined && pages > 0 && page > pages) setPage(pages);

  const createButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'create' })}>
      Novo tenant
    </Button>
  );
  const instancesOf = tenantOf('instances');
  return (
    <Stack gap="md">
      <TenantsFilterBar
        search={search}
        onSearchChange={setSearch}
        searching={tenants.isFetching && !tenants.isPending}
        filter={filter}
        onFilterChange={setFilter}
        sort={sort}
        onSortChange={setSort}
        createButton={createButton}
      />
      <TenantsList
        tenants={tenants}
        plans={plans.data}
        search={debouncedSearch}
        filter={filter}
        onClearSearch={() => setSearch('')}
        createButton={createButton}
        onAction={setDialog}
        onPageChange={setPage}
        onLimitChange={(next) => {
          setLimit(next);
          setPage(1);
        }}
      />

      <TenantFormModal opened={dialog.kind === 'create'} onClose={close} />
      <TenantPlanModal tenant={tenantOf('plan')} onClose={close} />
      <TenantFeaturesModal tenant={tenantOf('features')} onClose={close} />
      <TenantUnblockUserModal tenant={tenantOf('unblock')} onClose={close} />
      <TenantSyncAnalyticsModal tenant={tenantOf('sync-analytics')} onClose={close} />
      <TenantCampaignWebhooksModal tenant={tenantOf('campaign-webhooks')} onClose={close} />
      <TenantSheetsModal tenant={tenantOf('sheets')} onClose={close} />
      <Drawer
        opened={instancesOf !== null}
        onClose={close}
        position="right"
        size="min(100vw, 60rem)"
        title={instancesOf ? `Instâncias de ${instancesOf.name}` : ''}
      >
        {instancesOf ? renderInstances(instancesOf) : null}
      </Drawer>
      <TenantDeletionDialog
        target={
          dialog.kind === 'delete' || dialog.kind === 'restore' ? { action: dialog.kind, tenant: dialog.tenant } : null
        }
        onClose={close}
      />
    </Stack>
  );
}
