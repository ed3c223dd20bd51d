/**
 * /tenants content for back-office operators (docs/contracts.md#screens-and-routes, Tenants): the
 * paginated, searchable list with the default paging (page 1, 4 per page, id descending;
 * docs/contracts.md#constants), deleted tenants hidden unless the filter asks for them, and per
 * tenant: plan and limits, features, instances, unblocking an account locked out by wrong passwords,
 * synchronising its analytics (docs/analytics.md#analytics-sync), generating its campaign status
 * webhooks again (docs/campaigns.md), delete or restore. The instances view comes from
 * the app (`renderInstances`): features do not import each other.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  Loader,
  Menu,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconBuildingSkyscraper,
  IconChartDots,
  IconDots,
  IconLockOpen,
  IconMessageChatbot,
  IconPlus,
  IconReceipt,
  IconSearch,
  IconToggleRight,
  IconTrash,
  IconWebhook,
  IconX,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ListPagination } from '../../../components/ListPagination';
import { LoadError } from '../../../components/LoadError';
import { errorMessage } from '../../../lib/api-errors';
import { useListPage } from '../../../lib/list-page';
import { formatDate } from '../../../lib/dates';
import { useDeleteTenant } from '../api/delete-tenant';
import {
  TENANT_LIST_DEFAULTS,
  TENANT_PAGE_SIZES,
  useTenants,
  type SortType,
  type Tenant,
  type TenantFilter,
  type TenantSortName,
} from '../api/get-tenants';
import { useRestoreTenant } from '../api/restore-tenant';
import { planName, useTenantPlans, type TenantPlans } from '../api/get-tenant-plans';
import { formatCnpj, formatLimit } from '../limits';
import { TenantCampaignWebhooksModal } from './TenantCampaignWebhooksModal';
import { TenantFeaturesModal } from './TenantFeaturesModal';
import { TenantFormModal } from './TenantFormModal';
import { TenantPlanModal } from './TenantPlanModal';
import { TenantSyncAnalyticsModal } from './TenantSyncAnalyticsModal';
import { TenantUnblockUserModal } from './TenantUnblockUserModal';

export const SEARCH_DEBOUNCE_MS = 300;

const FILTERS: { value: TenantFilter; label: string }[] = [
  { value: 'active', label: 'Ativos' },
  { value: 'deleted', label: 'Excluídos' },
  { value: 'all', label: 'Todos' },
];

const SORTS: { value: `${TenantSortName}:${SortType}`; label: string }[] = [
  { value: 'id:desc', label: 'Mais novos primeiro' },
  { value: 'id:asc', label: 'Mais antigos primeiro' },
  { value: 'name:asc', label: 'Nome (A–Z)' },
  { value: 'name:desc', label: 'Nome (Z–A)' },
];

type Dialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'plan'; tenant: Tenant }
  | { kind: 'features'; tenant: Tenant }
  | { kind: 'instances'; tenant: Tenant }
  | { kind: 'unblock'; tenant: Tenant }
  | { kind: 'sync-analytics'; tenant: Tenant }
  | { kind: 'campaign-webhooks'; tenant: Tenant }
  | { kind: 'delete'; tenant: Tenant }
  | { kind: 'restore'; tenant: Tenant };

export interface TenantsPanelProps {
  /** The instances of one tenant (the app passes features/instances' panel). */
  renderInstances: (tenant: Tenant) => ReactNode;
}

function enabledCount(tenant: Tenant): string {
  const on = tenant.features.filter((feature) => feature.enabled).length;
  return `${on} de ${tenant.features.length}`;
}

function Status({ tenant }: { tenant: Tenant }) {
  return tenant.deleted_at ? (
    <Tooltip label={`Excluído em ${formatDate(tenant.deleted_at)}`}>
      <Badge color="red" variant="light" tt="none">
        Excluído
      </Badge>
    </Tooltip>
  ) : (
    <Badge color="teal" variant="light" tt="none">
      Ativo
    </Badge>
  );
}

function Actions({ tenant, onAction }: { tenant: Tenant; onAction: (dialog: Dialog) => void }) {
  const deleted = Boolean(tenant.deleted_at);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Ações do tenant ${tenant.name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {deleted ? (
          <Menu.Item leftSection={<IconArrowBackUp size={16} />} onClick={() => onAction({ kind: 'restore', tenant })}>
            Restaurar
          </Menu.Item>
        ) : (
          <>
            <Menu.Item leftSection={<IconReceipt size={16} />} onClick={() => onAction({ kind: 'plan', tenant })}>
              Plano e limites
            </Menu.Item>
            <Menu.Item
              leftSection={<IconToggleRight size={16} />}
              onClick={() => onAction({ kind: 'features', tenant })}
            >
              Opções
            </Menu.Item>
            <Menu.Item
              leftSection={<IconMessageChatbot size={16} />}
              onClick={() => onAction({ kind: 'instances', tenant })}
            >
              Instâncias
            </Menu.Item>
            <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => onAction({ kind: 'unblock', tenant })}>
              Desbloquear conta
            </Menu.Item>
            <Menu.Item
              leftSection={<IconChartDots size={16} />}
              onClick={() => onAction({ kind: 'sync-analytics', tenant })}
            >
              Sincronizar analytics
            </Menu.Item>
            <Menu.Item
              leftSection={<IconWebhook size={16} />}
              onClick={() => onAction({ kind: 'campaign-webhooks', tenant })}
            >
              Gerar webhooks de status de campanha
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => onAction({ kind: 'delete', tenant })}
            >
              Excluir
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

interface ListProps {
  tenants: Tenant[];
  /** Plan names (codes until the catalogue is there). */
  plans: TenantPlans | undefined;
  onAction: (dialog: Dialog) => void;
}

function TenantsTable({ tenants, plans, onAction }: ListProps) {
  return (
    <Paper withBorder radius="md" visibleFrom="md">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Id</Table.Th>
            <Table.Th>Tenant</Table.Th>
            <Table.Th>Plano</Table.Th>
            <Table.Th>Usuários</Table.Th>
            <Table.Th>Tickets/mês</Table.Th>
            <Table.Th>Opções</Table.Th>
            <Table.Th>Criado em</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th w={60}>
              <VisuallyHidden>Ações</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tenants.map((tenant) => (
            <Table.Tr key={tenant.id} data-testid={`tenant-row-${tenant.name}`}>
              <Table.Td c="dimmed">{tenant.id}</Table.Td>
              <Table.Td>
                <Text fw={600} size="sm">
                  {tenant.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatCnpj(tenant.cnpj) ?? 'Sem CNPJ'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" tt="none">
                  {planName(plans, tenant.plan)}
                </Badge>
              </Table.Td>
              <Table.Td>{formatLimit(tenant.userLimit)}</Table.Td>
              <Table.Td>{formatLimit(tenant.ticketLimit)}</Table.Td>
              <Table.Td>{enabledCount(tenant)}</Table.Td>
              <Table.Td>{formatDate(tenant.created_at)}</Table.Td>
              <Table.Td>
                <Status tenant={tenant} />
              </Table.Td>
              <Table.Td ta="right">
                <Actions tenant={tenant} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function TenantsCards({ tenants, plans, onAction }: ListProps) {
  return (
    <Stack gap="sm" hiddenFrom="md">
      {tenants.map((tenant) => (
        <Card key={tenant.id} withBorder radius="md" padding="md" data-testid={`tenant-card-${tenant.name}`}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {tenant.name}
              </Text>
              <Text size="xs" c="dimmed">
                #{tenant.id} · {formatCnpj(tenant.cnpj) ?? 'Sem CNPJ'}
              </Text>
            </Stack>
            <Actions tenant={tenant} onAction={onAction} />
          </Group>
          <Group gap="xs" mt="sm">
            <Status tenant={tenant} />
            <Badge variant="light" tt="none">
              {planName(plans, tenant.plan)}
            </Badge>
          </Group>
          <Stack gap={2} mt="sm">
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                Usuários:
              </Text>{' '}
              {formatLimit(tenant.userLimit)}
            </Text>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                Tickets/mês:
              </Text>{' '}
              {formatLimit(tenant.ticketLimit)}
            </Text>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                Opções:
              </Text>{' '}
              {enabledCount(tenant)}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

export function TenantsPanel({ renderInstances }: TenantsPanelProps) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [filter, setFilter] = useState<TenantFilter>(TENANT_LIST_DEFAULTS.filter);
  const [sort, setSort] = useState<`${TenantSortName}:${SortType}`>(
    `${TENANT_LIST_DEFAULTS.sortName}:${TENANT_LIST_DEFAULTS.sortType}`,
  );
  // A new search, filter or order starts on the first page.
  const [page, setPage] = useListPage(`${debouncedSearch}|${filter}|${sort}`, TENANT_LIST_DEFAULTS.page);
  const [limit, setLimit] = useState(TENANT_LIST_DEFAULTS.limit);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [sortName, sortType] = sort.split(':') as [TenantSortName, SortType];
  const tenants = useTenants({ filter, page, limit, search: debouncedSearch, sortName, sortType });
  const plans = useTenantPlans();
  const remove = useDeleteTenant();
  const restore = useRestoreTenant();
  const close = () => setDialog({ kind: 'none' });

  // After deleting or restoring the last row of the last page, show the page that now is the last
  // (adjusted while rendering, as React recommends over an effect).
  const pages = tenants.data?.pagination.pages;
  if (pages !== undefined && pages > 0 && page > pages) setPage(pages);

  function confirm(kind: 'delete' | 'restore', tenant: Tenant) {
    const mutation = kind === 'delete' ? remove : restore;
    mutation.mutate(tenant.id, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          title: kind === 'delete' ? 'Tenant excluído' : 'Tenant restaurado',
          message:
            kind === 'delete'
              ? `${tenant.name} não responde mais; os dados continuam guardados.`
              : `${tenant.name} voltou a funcionar.`,
        });
        close();
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: kind === 'delete' ? 'Não foi possível excluir o tenant' : 'Não foi possível restaurar o tenant',
          message: errorMessage(error),
        });
      },
    });
  }

  const createButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'create' })}>
      Novo tenant
    </Button>
  );

  let content: ReactNode;
  if (tenants.isPending) {
    content = (
      <Stack gap="sm" aria-busy="true" aria-label="Carregando tenants">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={52} radius="sm" />
        ))}
      </Stack>
    );
  } else if (tenants.isError && !tenants.data) {
    content = (
      <LoadError
        title="Não foi possível carregar os tenants."
        error={tenants.error}
        onRetry={() => void tenants.refetch()}
        retrying={tenants.isFetching}
      />
    );
  } else if (tenants.data.data.length === 0) {
    content =
      debouncedSearch !== '' ? (
        <EmptyState
          icon={IconSearch}
          title="Nenhum tenant encontrado"
          description={`Nenhum nome ou CNPJ corresponde a “${debouncedSearch}”.`}
          actions={
            <Button variant="light" onClick={() => setSearch('')}>
              Limpar a busca
            </Button>
          }
        />
      ) : filter === 'deleted' ? (
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
  } else {
    const { pagination } = tenants.data;
    content = (
      <>
        {tenants.isError ? (
          <LoadError
            title="Não foi possível atualizar a lista."
            error={tenants.error}
            onRetry={() => void tenants.refetch()}
            retrying={tenants.isFetching}
          />
        ) : null}
        <div
          style={{ opacity: tenants.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
          aria-busy={tenants.isPlaceholderData}
        >
          <TenantsTable tenants={tenants.data.data} plans={plans.data} onAction={setDialog} />
          <TenantsCards tenants={tenants.data.data} plans={plans.data} onAction={setDialog} />
        </div>
        <ListPagination
          page={pagination.page}
          pages={pagination.pages}
          limit={pagination.limit}
          total={pagination.total}
          limits={TENANT_PAGE_SIZES}
          noun="tenants"
          onPageChange={setPage}
          onLimitChange={(next) => {
            setLimit(next);
            setPage(1);
          }}
        />
      </>
    );
  }

  const target = dialog.kind === 'delete' || dialog.kind === 'restore' ? dialog.tenant : null;
  const instancesOf = dialog.kind === 'instances' ? dialog.tenant : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
        <Group gap="sm" wrap="wrap" style={{ flex: '1 1 320px' }}>
          <TextInput
            aria-label="Buscar tenants"
            placeholder="Buscar por nome ou CNPJ"
            leftSection={<IconSearch size={16} />}
            rightSection={
              tenants.isFetching && !tenants.isPending ? (
                <Loader size={14} aria-label="Buscando" />
              ) : search ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  onClick={() => setSearch('')}
                  aria-label="Limpar a busca"
                >
                  <IconX size={14} />
                </ActionIcon>
              ) : null
            }
            maxLength={100}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: '1 1 220px', maxWidth: 360 }}
          />
          <SegmentedControl aria-label="Quais tenants" data={FILTERS} value={filter} onChange={setFilter} />
          <Select
            aria-label="Ordem"
            data={SORTS}
            value={sort}
            allowDeselect={false}
            onChange={(value) => value && setSort(value)}
            w={210}
          />
        </Group>
        {createButton}
      </Group>
      {content}

      <TenantFormModal opened={dialog.kind === 'create'} onClose={close} />
      <TenantPlanModal tenant={dialog.kind === 'plan' ? dialog.tenant : null} onClose={close} />
      <TenantFeaturesModal tenant={dialog.kind === 'features' ? dialog.tenant : null} onClose={close} />
      <TenantUnblockUserModal tenant={dialog.kind === 'unblock' ? dialog.tenant : null} onClose={close} />
      <TenantSyncAnalyticsModal tenant={dialog.kind === 'sync-analytics' ? dialog.tenant : null} onClose={close} />
      <TenantCampaignWebhooksModal
        tenant={dialog.kind === 'campaign-webhooks' ? dialog.tenant : null}
        onClose={close}
      />
      <Drawer
        opened={instancesOf !== null}
        onClose={close}
        position="right"
        size="min(100vw, 60rem)"
        title={instancesOf ? `Instâncias de ${instancesOf.name}` : ''}
      >
        {instancesOf ? renderInstances(instancesOf) : null}
      </Drawer>
      <ConfirmDialog
        opened={target !== null}
        title={dialog.kind === 'restore' ? 'Restaurar tenant' : 'Excluir tenant'}
        confirmLabel={dialog.kind === 'restore' ? 'Restaurar' : 'Excluir'}
        color={dialog.kind === 'restore' ? 'teal' : 'red'}
        loading={remove.isPending || restore.isPending}
        onConfirm={() => {
          if (target && (dialog.kind === 'delete' || dialog.kind === 'restore')) confirm(dialog.kind, target);
        }}
        onClose={close}
      >
        {dialog.kind === 'restore'
          ? `Restaurar ${target?.name ?? ''}? O endereço dele volta a responder com os dados que tinha.`
          : `Excluir ${target?.name ?? ''}? O endereço dele deixa de responder e ninguém entra; os dados ficam guardados e o tenant pode ser restaurado.`}
      </ConfirmDialog>
    </Stack>
  );
}
