/**
 * The analytics dashboard's "Horários e motivos": the tickets opened per hour of the week (a heat
 * map as wide as the page) and the closing reasons used most.
 */
import { BarChart } from '@mantine/charts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Analytics } from '../api/schemas';
import { formatCount } from '../format';
import { CHART_TEXT, ChartCard } from './ChartCard';
import { HeatmapGrid } from './HeatmapGrid';

export function AnalyticsDistribution({ data }: { data: Analytics }) {
  const count = (value: number) => formatCount(value);

  return (
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
  );
}
