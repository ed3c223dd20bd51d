/**
 * The productivity report (route `dashboard-produtivity-report`; docs/analytics.md, `GET
 * /api/dashboard/productivity`): period and filters, the agents' table, and "Exportar xlsx" with
 * the same filters (`…/productivity/sheet`). Below the table, what app/ hands over with the same
 * period and filters (`below`: the customers' satisfaction, features/satisfaction — a feature does
 * not import another).
 */
import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { PageHeader } from '../../../components/PageHeader';
import { dashboardQuery } from '../api/get-analytics';
import { PRODUCTIVITY_SHEET_PATH, useProductivity } from '../api/get-productivity';
import { formatPeriod } from '../../../lib/period';
import { fallbackFileName } from '../../../lib/sheets';
import { useDashboardParams } from '../use-dashboard-params';
import { DownloadButton } from '../../../components/DownloadButton';
import { PeriodFilters } from './PeriodFilters';
import { ProductivityTable } from './ProductivityTable';
import type { DashboardFilters } from '../keys';
import type { Period } from '../../../lib/period';
import { QueryError } from './QueryError';
import { SyncedAt } from './SyncedAt';

/** The report's period and filters, for a section shown below the agents' table. */
export interface ProductivityQuery {
  period: Period;
  filters: DashboardFilters;
  /** False while the period typed is invalid: nothing should be asked. */
  enabled: boolean;
}

export interface ProductivityReportProps {
  title: string;
  /** A section below the agents' table with the report's period and filters (the satisfaction). */
  below?: (query: ProductivityQuery) => ReactNode;
}

export function ProductivityReport({ title, below }: ProductivityReportProps) {
  const params = useDashboardParams();
  const valid = params.error === null;
  const productivity = useProductivity(params.period, params.filters, valid);

  let content: ReactNode;
  if (!valid) content = null;
  else if (productivity.isPending)
    content = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Carregando a produtividade">
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} height={36} />
        ))}
      </Stack>
    );
  else if (productivity.isError && !productivity.data)
    content = (
      <QueryError
        title="Não foi possível carregar a produtividade."
        error={productivity.error}
        onRetry={() => void productivity.refetch()}
        retrying={productivity.isFetching}
      />
    );
  else
    content = (
      <Stack gap="sm" opacity={productivity.isPlaceholderData ? 0.6 : 1} aria-busy={productivity.isPlaceholderData}>
        <SyncedAt syncedAt={productivity.data.syncedAt} />
        {productivity.data.agents.length === 0 ? (
          <EmptyState
            icon={IconUsers}
            title="Nenhum atendente com números no período"
            description={`Ninguém atendeu, encerrou, transferiu nem ficou online de ${formatPeriod(productivity.data.period)} com esses filtros.`}
          />
        ) : (
          <Paper withBorder radius="md" p="sm">
            <ProductivityTable agents={productivity.data.agents} />
          </Paper>
        )}
      </Stack>
    );

  return (
    <>
      <PageHeader
        order={1}
        title={title}
        description="O que cada atendente fez no período: atendimentos, transferências, tempos e tempo online."
      />
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <PeriodFilters params={params} withFilters />
          <DownloadButton
            label="Exportar xlsx"
            title="Relatório de produtividade"
            path={PRODUCTIVITY_SHEET_PATH}
            query={dashboardQuery(params.period, params.filters)}
            fallbackName={fallbackFileName('produtividade', params.period)}
            disabled={!valid}
          />
        </Group>
        {productivity.data && productivity.data.agents.length > 0 ? (
          <Text size="sm" c="dimmed">
            {productivity.data.agents.length} {productivity.data.agents.length === 1 ? 'atendente' : 'atendentes'} de{' '}
            {formatPeriod(productivity.data.period)}.
          </Text>
        ) : null}
        {content}
        {below
          ? below({
              period: params.period,
              filters: { instanceId: params.filters.instanceId, departmentId: params.filters.departmentId },
              enabled: valid,
            })
          : null}
      </Stack>
    </>
  );
}
