/**
 * The analytics dashboard (route `dashboard-analytics`; docs/analytics.md, `GET
 * /api/dashboard/analytics`): the period's figures against the previous period, per-day charts,
 * the hour-of-week heat map and the top closing reasons. Tickets opened, closed, transferred and
 * the first response open the tickets behind them.
 */
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatMoney } from '../../../lib/money';
import { useAnalytics } from '../api/get-analytics';
import type { DashboardTicketsQuery, TicketMetric } from '../api/get-dashboard-tickets';
import type { Analytics, AnalyticsDay } from '../api/schemas';
import { durationTicks, formatCount, formatDuration, formatDurationTick } from '../format';
import { formatPeriod, formatShortDay, formatDay } from '../period';
import type { DashboardParams } from '../use-dashboard-params';
import { ChartCard } from './ChartCard';
import { Delta } from './Delta';
import { HeatmapGrid } from './HeatmapGrid';
import { PeriodFilters } from './PeriodFilters';
import { QueryError } from './QueryError';
import { StatCard } from './StatCard';
import { SyncedAt } from './SyncedAt';
import { TicketsDrawer } from './TicketsDrawer';

const CHART_TEXT = 'var(--mantine-color-dimmed)';

function dayRows(days: readonly AnalyticsDay[]) {
  return days.map((day) => ({ ...day, label: formatShortDay(day.day) }));
}

export function AnalyticsPanel({ params }: { params: DashboardParams }) {
  const analytics = useAnalytics(params.period, params.filters, params.error === null);
  const [drill, setDrill] = useState<DashboardTicketsQuery | null>(null);
  const open = (metric: TicketMetric) => setDrill({ period: params.period, filters: params.filters, metric });

  let content;
  if (params.error !== null) {
    content = null;
  } else if (analytics.isPending) {
    content = <LoadingFigures />;
  } else if (analytics.isError && !analytics.data) {
    content = (
      <QueryError
        title="Não foi possível carregar o analytics."
        error={analytics.error}
        onRetry={() => void analytics.refetch()}
        retrying={analytics.isFetching}
      />
    );
  } else {
    content = (
      <div aria-busy={analytics.isPlaceholderData} style={{ opacity: analytics.isPlaceholderData ? 0.6 : 1 }}>
        <AnalyticsContent data={analytics.data} onOpen={open} />
      </div>
    );
  }

  return (
    <Stack gap="lg">
      <PeriodFilters params={params} withFilters />
      {content}
      <TicketsDrawer query={drill} onClose={() => setDrill(null)} />
    </Stack>
  );
}

export function LoadingFigures() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Carregando os números">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {[0, 1, 2, 3].map((card) => (
          <Skeleton key={card} height={120} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={300} radius="md" />
    </Stack>
  );
}

function AnalyticsContent({ data, onOpen }: { data: Analytics; onOpen: (metric: TicketMetric) => void }) {
  const { totals, previousTotals: previous } = data;
  const days = dayRows(data.days);
  const hasTickets = data.days.some((day) => day.ticketsOpened > 0 || day.ticketsClosed > 0);
  const hasMessages = data.days.some((day) => day.messagesIn > 0 || day.messagesOut > 0);
  const hasFirstResponse = data.days.some((day) => day.firstResponseMedianSecs != null);
  const hasResolution = data.days.some((day) => day.resolutionMedianSecs != null);
  const compared = `comparado a ${formatPeriod(data.previousPeriod)}`;
  const count = (value: number) => formatCount(value);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <SyncedAt syncedAt={data.syncedAt} />
        <Text size="sm" c="dimmed">
          {formatPeriod(data.period)}, {compared}.
        </Text>
      </Stack>
      <section aria-labelledby="analytics-figures">
        <Title order={2} size="h4" id="analytics-figures" mb="sm">
          Números do período
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <StatCard
            figure="ticketsOpened"
            label="Tickets abertos"
            value={count(totals.ticketsOpened)}
            onOpen={() => onOpen('opened')}
            delta={
              <Delta
                current={totals.ticketsOpened}
                previous={previous.ticketsOpened}
                previousLabel={count(previous.ticketsOpened)}
              />
            }
          />
          <StatCard
            figure="ticketsClosed"
            label="Tickets encerrados"
            value={count(totals.ticketsClosed)}
            onOpen={() => onOpen('closed')}
            delta={
              <Delta
                current={totals.ticketsClosed}
                previous={previous.ticketsClosed}
                previousLabel={count(previous.ticketsClosed)}
              />
            }
          />
          <StatCard
            figure="ticketsTransferred"
            label="Tickets transferidos"
            value={count(totals.ticketsTransferred)}
            onOpen={() => onOpen('transferred')}
            delta={
              <Delta
                current={totals.ticketsTransferred}
                previous={previous.ticketsTransferred}
                lowerIsBetter
                previousLabel={count(previous.ticketsTransferred)}
              />
            }
          />
          <StatCard
            figure="firstResponse"
            label="Primeira resposta (mediana)"
            value={formatDuration(data.firstResponse.medianSecs)}
            sample={data.firstResponse.count}
            onOpen={() => onOpen('firstResponse')}
            detail={`p90: ${formatDuration(data.firstResponse.p90Secs)} · ${count(data.firstResponse.count)} tickets`}
            delta={
              <Delta
                current={data.firstResponse.medianSecs}
                previous={data.previousFirstResponse.medianSecs}
                lowerIsBetter
                previousLabel={formatDuration(data.previousFirstResponse.medianSecs)}
              />
            }
          />
          <StatCard
            figure="resolution"
            label="Resolução (mediana)"
            value={formatDuration(data.resolution.medianSecs)}
            sample={data.resolution.count}
            detail={`p90: ${formatDuration(data.resolution.p90Secs)} · ${count(data.resolution.count)} tickets`}
            delta={
              <Delta
                current={data.resolution.medianSecs}
                previous={data.previousResolution.medianSecs}
                lowerIsBetter
                previousLabel={formatDuration(data.previousResolution.medianSecs)}
              />
            }
          />
          <StatCard
            figure="messagesIn"
            label="Mensagens recebidas"
            value={count(totals.messagesIn)}
            delta={
              <Delta
                current={totals.messagesIn}
                previous={previous.messagesIn}
                previousLabel={count(previous.messagesIn)}
              />
            }
          />
          <StatCard
            figure="messagesOut"
            label="Mensagens enviadas"
            value={count(totals.messagesOut)}
            delta={
              <Delta
                current={totals.messagesOut}
                previous={previous.messagesOut}
                previousLabel={count(previous.messagesOut)}
              />
            }
          />
          <StatCard
            figure="orders"
            label="Pedidos"
            value={count(totals.ordersCount)}
            detail={`Valor: ${formatMoney(totals.ordersValueCents)} (antes: ${formatMoney(previous.ordersValueCents)})`}
            delta={
              <Delta
                current={totals.ordersCount}
                previous={previous.ordersCount}
                previousLabel={count(previous.ordersCount)}
              />
            }
          />
        </SimpleGrid>
      </section>

      <section aria-labelledby="analytics-charts">
        <Title order={2} size="h4" id="analytics-charts" mb="sm">
          Por dia
        </Title>
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <ChartCard
            title="Tickets abertos e encerrados por dia"
            figure="ticketsOpened"
            summary={`Gráfico de linhas: ${count(totals.ticketsOpened)} tickets abertos e ${count(totals.ticketsClosed)} encerrados de ${formatPeriod(data.period)}, dia a dia. Os números estão na tabela a seguir.`}
            rows={data.days}
            rowKey={(row) => row.day}
            columns={[
              { label: 'Dia', value: (row) => formatDay(row.day) },
              { label: 'Abertos', value: (row) => count(row.ticketsOpened) },
              { label: 'Encerrados', value: (row) => count(row.ticketsClosed) },
            ]}
            empty={hasTickets ? null : 'Nenhum ticket aberto ou encerrado no período.'}
          >
            <AreaChart
              h="100%"
              data={days}
              dataKey="label"
              series={[
                { name: 'ticketsOpened', label: 'Abertos', color: 'indigo.6' },
                { name: 'ticketsClosed', label: 'Encerrados', color: 'teal.8', strokeDasharray: '5 3' },
              ]}
              curveType="monotone"
              withLegend
              withDots={false}
              textColor={CHART_TEXT}
              valueFormatter={count}
              accessibilityLayer={false}
            />
          </ChartCard>
          <ChartCard
            title="Mensagens recebidas e enviadas por dia"
            figure="messagesIn"
            summary={`Gráfico de barras: ${count(totals.messagesIn)} mensagens recebidas e ${count(totals.messagesOut)} enviadas de ${formatPeriod(data.period)}, dia a dia.`}
            rows={data.days}
            rowKey={(row) => row.day}
            columns={[
              { label: 'Dia', value: (row) => formatDay(row.day) },
              { label: 'Recebidas', value: (row) => count(row.messagesIn) },
              { label: 'Enviadas', value: (row) => count(row.messagesOut) },
            ]}
            empty={hasMessages ? null : 'Nenhuma mensagem no período.'}
          >
            <BarChart
              h="100%"
              data={days}
              dataKey="label"
              series={[
                { name: 'messagesIn', label: 'Recebidas', color: 'blue.7' },
                { name: 'messagesOut', label: 'Enviadas', color: 'orange.8' },
              ]}
              withLegend
              textColor={CHART_TEXT}
              valueFormatter={count}
              accessibilityLayer={false}
            />
          </ChartCard>
          <DurationChart
            title="Primeira resposta por dia (mediana e p90)"
            figure="firstResponse"
            sample={data.firstResponse.count}
            days={days}
            medianKey="firstResponseMedianSecs"
            p90Key="firstResponseP90Secs"
            empty={hasFirstResponse ? null : 'Nenhuma primeira resposta no período.'}
          />
          <DurationChart
            title="Resolução por dia (mediana e p90)"
            figure="resolution"
            sample={data.resolution.count}
            days={days}
            medianKey="resolutionMedianSecs"
            p90Key="resolutionP90Secs"
            empty={hasResolution ? null : 'Nenhum ticket encerrado no período.'}
          />
        </SimpleGrid>
      </section>

      <section aria-labelledby="analytics-distribution">
        <Title order={2} size="h4" id="analytics-distribution" mb="sm">
          Horários e motivos
        </Title>
        {/* The heat map takes the whole width: its 24 hours fit side by side from lg up. */}
        <Stack gap="md">
          <Paper withBorder radius="md" p="md">
            <Title order={3} size="h5" mb="sm">
              Tickets abertos por hora da semana
            </Title>
            {data.heatmap.length === 0 ? (
              <Text size="sm" c="dimmed" py="lg" ta="center">
                Nenhum ticket aberto no período.
              </Text>
            ) : (
              <HeatmapGrid
                cells={data.heatmap}
                caption="Tickets abertos por dia da semana e hora (horário de São Paulo)"
              />
            )}
          </Paper>
          <ChartCard
            title="Motivos de encerramento mais usados"
            figure="ticketsClosed"
            summary={`Gráfico de barras horizontais dos ${data.closingReasons.length} motivos de encerramento mais usados; o primeiro, ${data.closingReasons[0]?.name ?? '—'}, com ${count(data.closingReasons[0]?.tickets ?? 0)} tickets.`}
            rows={data.closingReasons}
            rowKey={(row) => `${row.id ?? 'x'}-${row.name}`}
            columns={[
              { label: 'Motivo', value: (row) => row.name },
              { label: 'Tickets', value: (row) => count(row.tickets) },
            ]}
            empty={data.closingReasons.length === 0 ? 'Nenhum ticket encerrado no período.' : null}
            height={Math.max(160, data.closingReasons.length * 34 + 40)}
          >
            <BarChart
              h="100%"
              data={data.closingReasons}
              dataKey="name"
              orientation="vertical"
              series={[{ name: 'tickets', label: 'Tickets', color: 'indigo.6' }]}
              yAxisProps={{ width: 140 }}
              textColor={CHART_TEXT}
              valueFormatter={count}
              accessibilityLayer={false}
            />
          </ChartCard>
        </Stack>
      </section>
    </Stack>
  );
}

interface DurationChartProps {
  title: string;
  figure: 'firstResponse' | 'resolution';
  sample: number;
  days: (AnalyticsDay & { label: string })[];
  medianKey: 'firstResponseMedianSecs' | 'resolutionMedianSecs';
  p90Key: 'firstResponseP90Secs' | 'resolutionP90Secs';
  empty: string | null;
}

function DurationChart({ title, figure, sample, days, medianKey, p90Key, empty }: DurationChartProps) {
  // Round ticks (0, 15 min, 30 min, …) with short labels: a fifth of the maximum in full
  // (`46 min 40 s`) wrapped onto two lines and ran into the next label.
  const ticks = durationTicks(Math.max(0, ...days.map((day) => Math.max(day[medianKey] ?? 0, day[p90Key] ?? 0))));
  return (
    <ChartCard
      title={title}
      figure={figure}
      sample={sample}
      summary={`Gráfico de linhas da mediana e do p90 de cada dia, em tempo; ${formatCount(sample)} tickets no período. Os tempos estão na tabela a seguir.`}
      rows={days}
      rowKey={(row) => row.day}
      columns={[
        { label: 'Dia', value: (row) => formatDay(row.day) },
        { label: 'Mediana', value: (row) => formatDuration(row[medianKey]) },
        { label: 'p90', value: (row) => formatDuration(row[p90Key]) },
      ]}
      empty={empty}
    >
      <LineChart
        h="100%"
        data={days}
        dataKey="label"
        series={[
          { name: medianKey, label: 'Mediana', color: 'indigo.6' },
          { name: p90Key, label: 'p90', color: 'orange.8', strokeDasharray: '5 3' },
        ]}
        withLegend
        withDots={false}
        connectNulls={false}
        textColor={CHART_TEXT}
        valueFormatter={formatDuration}
        yAxisProps={{
          width: 64,
          ticks,
          domain: [0, ticks[ticks.length - 1] ?? 0],
          interval: 0,
          tickFormatter: formatDurationTick,
        }}
        accessibilityLayer={false}
      />
    </ChartCard>
  );
}
