/**
 * The analytics dashboard's "Por dia": tickets opened and closed, messages in and out, and the
 * first response and resolution times (median and p90), each a chart with its table for screen
 * readers (ChartCard).
 */
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { SimpleGrid, Title } from '@mantine/core';
import type { Analytics, AnalyticsDay } from '../api/schemas';
import { durationTicks, formatCount, formatDuration, formatDurationTick } from '../format';
import { formatDay, formatPeriod, formatShortDay } from '../../../lib/period';
import { CHART_TEXT, ChartCard } from './ChartCard';

export function AnalyticsDailyCharts({ data }: { data: Analytics }) {
  const { totals } = data;
  const days = data.days.map((day) => ({ ...day, label: formatShortDay(day.day) }));
  const hasTickets = data.days.some((day) => day.ticketsOpened > 0 || day.ticketsClosed > 0);
  const hasMessages = data.days.some((day) => day.messagesIn > 0 || day.messagesOut > 0);
  const hasFirstResponse = data.days.some((day) => day.firstResponseMedianSecs != null);
  const hasResolution = data.days.some((day) => day.resolutionMedianSecs != null);
  const count = (value: number) => formatCount(value);

  return (
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
