/**
 * The Maria panel (route `dashboard-maria-panel`; docs/analytics.md, `GET /api/dashboard/maria`):
 * what the chatbot received, resolved, handed to a person or lost, per day. While the tenant's
 * `chatbot` option is off (`botEnabled: false`), or the bot has no figures yet, the real zeroes are
 * shown with the reason.
 */
import { AreaChart, BarChart } from '@mantine/charts';
import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useMaria } from '../api/get-maria';
import type { Maria } from '../api/schemas';
import { formatCount, formatDuration } from '../format';
import { formatDay, formatPeriod, formatShortDay } from '../period';
import type { DashboardParams } from '../use-dashboard-params';
import { LoadingFigures } from './AnalyticsPanel';
import { ChartCard } from './ChartCard';
import { PeriodFilters } from './PeriodFilters';
import { QueryError } from './QueryError';
import { StatCard } from './StatCard';
import { SyncedAt } from './SyncedAt';

const CHART_TEXT = 'var(--mantine-color-dimmed)';

/** The `options` rows the screen can show (docs/analytics.md does not describe them yet). */
function optionRows(options: readonly unknown[]): { name: string; count: number }[] {
  return options.flatMap((option) => {
    if (typeof option !== 'object' || option === null) return [];
    const record = option as Record<string, unknown>;
    const name = [record.label, record.name, record.option].find((value) => typeof value === 'string');
    const count = [record.count, record.tickets, record.total].find((value) => typeof value === 'number');
    return typeof name === 'string' && typeof count === 'number' ? [{ name, count }] : [];
  });
}

export function MariaPanel({ params }: { params: DashboardParams }) {
  const maria = useMaria(params.period, params.error === null);
  let content: ReactNode;
  if (params.error !== null) content = null;
  else if (maria.isPending) content = <LoadingFigures />;
  else if (maria.isError && !maria.data)
    content = (
      <QueryError
        title="Não foi possível carregar o painel Maria."
        error={maria.error}
        onRetry={() => void maria.refetch()}
        retrying={maria.isFetching}
      />
    );
  else content = <MariaContent data={maria.data} />;
  return (
    <Stack gap="lg">
      <PeriodFilters params={params} />
      {content}
    </Stack>
  );
}

function MariaContent({ data }: { data: Maria }) {
  const { totals } = data;
  const empty = totals.received + totals.resolved + totals.handedOver + totals.abandoned === 0;
  const options = optionRows(data.options);
  const days = data.days.map((day) => ({ ...day, label: formatShortDay(day.day) }));
  return (
    <Stack gap="lg">
      <SyncedAt syncedAt={data.syncedAt} />
      {!data.botEnabled ? (
        <Alert variant="light" color="gray" icon={<IconMessageChatbot size={18} aria-hidden />}>
          <Text size="sm" fw={600}>
            Chatbot desligado
          </Text>
          <Text size="sm">
            O chatbot Maria ainda não está ativo para esta empresa: os números abaixo ficam em zero até ele ser ligado
            (a opção “Chatbot” do plano, ativada por um operador da plataforma).
          </Text>
        </Alert>
      ) : empty ? (
        <Alert variant="light" color="gray" icon={<IconMessageChatbot size={18} aria-hidden />}>
          <Text size="sm" fw={600}>
            Sem atendimentos do chatbot
          </Text>
          <Text size="sm">
            O chatbot Maria está ativo, mas não recebeu nenhum atendimento de {formatPeriod(data.period)}. Os números
            aparecem aqui assim que ele começar a atender.
          </Text>
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        <StatCard figure="botTickets" label="Recebidos pelo chatbot" value={formatCount(totals.received)} />
        <StatCard figure="botTickets" label="Resolvidos pelo chatbot" value={formatCount(totals.resolved)} />
        <StatCard figure="botHandoffs" label="Passados a uma pessoa" value={formatCount(totals.handedOver)} />
        <StatCard figure="botTickets" label="Abandonados" value={formatCount(totals.abandoned)} />
        <StatCard
          figure="botHandoffs"
          label="Tempo até passar a uma pessoa (mediana)"
          value={formatDuration(data.handoverMedianSecs)}
        />
      </SimpleGrid>
      <ChartCard
        title="Atendimentos do chatbot por dia"
        figure="botTickets"
        summary={`Gráfico de áreas: ${formatCount(totals.received)} recebidos, ${formatCount(totals.resolved)} resolvidos e ${formatCount(totals.handedOver)} passados a uma pessoa de ${formatPeriod(data.period)}, dia a dia.`}
        rows={data.days}
        rowKey={(row) => row.day}
        columns={[
          { label: 'Dia', value: (row) => formatDay(row.day) },
          { label: 'Recebidos', value: (row) => formatCount(row.received) },
          { label: 'Resolvidos', value: (row) => formatCount(row.resolved) },
          { label: 'Passados a uma pessoa', value: (row) => formatCount(row.handedOver) },
          { label: 'Abandonados', value: (row) => formatCount(row.abandoned) },
        ]}
        empty={data.days.length === 0 ? 'Nenhum dia no período.' : null}
      >
        <AreaChart
          h="100%"
          data={days}
          dataKey="label"
          series={[
            { name: 'received', label: 'Recebidos', color: 'indigo.6' },
            { name: 'resolved', label: 'Resolvidos', color: 'teal.8' },
            { name: 'handedOver', label: 'Passados a uma pessoa', color: 'orange.8', strokeDasharray: '5 3' },
            { name: 'abandoned', label: 'Abandonados', color: 'red.8', strokeDasharray: '2 2' },
          ]}
          withLegend
          withDots={false}
          textColor={CHART_TEXT}
          valueFormatter={formatCount}
          accessibilityLayer={false}
        />
      </ChartCard>
      {options.length > 0 ? (
        <ChartCard
          title="Opções escolhidas no chatbot"
          summary={`Gráfico de barras das ${options.length} opções do chatbot e quantas vezes cada uma foi escolhida.`}
          rows={options}
          rowKey={(row) => row.name}
          columns={[
            { label: 'Opção', value: (row) => row.name },
            { label: 'Vezes', value: (row) => formatCount(row.count) },
          ]}
          height={Math.max(160, options.length * 34 + 40)}
        >
          <BarChart
            h="100%"
            data={options}
            dataKey="name"
            orientation="vertical"
            series={[{ name: 'count', label: 'Vezes', color: 'indigo.6' }]}
            yAxisProps={{ width: 140 }}
            textColor={CHART_TEXT}
            valueFormatter={formatCount}
            accessibilityLayer={false}
          />
        </ChartCard>
      ) : null}
    </Stack>
  );
}
