/**
 * The Maria panel (route `dashboard-maria-panel`; docs/analytics.md, `GET /api/dashboard/maria`):
 * what the chatbot did today, live (the tickets it holds now and what it started, routed, handed
 * over, lost or had taken over since midnight), and over the period — what became of the tickets
 * it received (resolved by itself, routed to a department, handed to a person, abandoned, taken
 * over by an agent), the median time until it handed over, per day as a stacked chart, and per
 * menu option. While the tenant's `chatbot` option is off (`botEnabled: false`), or the bot has no
 * figures yet, the real zeroes are shown with the reason. Those who may open the chatbot editor get
 * a link to it ("Configurar o bot", or read-only "Ver a configuração do bot").
 */
import { BarChart } from '@mantine/charts';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconMessageChatbot, IconSettings } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { routePath } from '../../../config/paths';
import { useMaria } from '../api/get-maria';
import type { Maria, MariaLive } from '../api/schemas';
import { formatCount, formatDuration } from '../format';
import { formatDay, formatPeriod, formatShortDay } from '../../../lib/period';
import type { DashboardParams } from '../use-dashboard-params';
import { CHART_TEXT, ChartCard } from './ChartCard';
import { FigureInfo } from './FigureInfo';
import { LoadingFigures } from './LoadingFigures';
import { PeriodFilters } from './PeriodFilters';
import { QueryError } from './QueryError';
import { ScrollTable } from './ScrollTable';
import { StatCard } from './StatCard';
import { SyncedAt } from './SyncedAt';

/** What the user may do in the chatbot editor: change the bot, only read it, or not open it. */
export type ChatbotAccess = 'edit' | 'view' | null;

export interface MariaPanelProps {
  params: DashboardParams;
  chatbotAccess?: ChatbotAccess;
}

/** The outcomes, in the order the chart stacks them and the tables list them. */
const OUTCOMES = [
  { name: 'resolved', label: 'Resolvidos pelo bot', color: 'teal.8' },
  { name: 'routed', label: 'Encaminhados', color: 'indigo.6' },
  { name: 'handedOver', label: 'Passados a uma pessoa', color: 'orange.8' },
  { name: 'abandoned', label: 'Abandonados', color: 'red.8' },
  { name: 'takenOver', label: 'Assumidos pela equipe', color: 'grape.7' },
] as const;

export function MariaPanel({ params, chatbotAccess = null }: MariaPanelProps) {
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
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <PeriodFilters params={params} />
        {chatbotAccess ? (
          <Button
            component={Link}
            to={routePath('chatbot')}
            variant="default"
            leftSection={<IconSettings size={16} aria-hidden />}
          >
            {chatbotAccess === 'edit' ? 'Configurar o bot' : 'Ver a configuração do bot'}
          </Button>
        ) : null}
      </Group>
      {content}
    </Stack>
  );
}

function LiveCards({ live }: { live: MariaLive }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="maria-live">
      <Stack gap="sm">
        <Group gap={4} wrap="nowrap">
          <Title order={2} size="h5" id="maria-live">
            Hoje, ao vivo
          </Title>
          <FigureInfo figure="botToday" label="Hoje, ao vivo" />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, xl: 6 }} spacing="sm">
          <StatCard figure="botInBot" label="Com o bot agora" value={formatCount(live.inBot)} />
          <StatCard figure="botToday" label="Iniciados hoje" value={formatCount(live.startedToday)} />
          <StatCard figure="botRouted" label="Encaminhados hoje" value={formatCount(live.routedToday)} />
          <StatCard figure="botHandedOver" label="Passados hoje" value={formatCount(live.handedOverToday)} />
          <StatCard figure="botAbandoned" label="Abandonados hoje" value={formatCount(live.abandonedToday)} />
          <StatCard figure="botTakenOver" label="Assumidos hoje" value={formatCount(live.takenOverToday)} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function OptionsTable({ data }: { data: Maria }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="maria-options">
      <Stack gap="sm">
        <Group gap={4} wrap="nowrap">
          <Title order={2} size="h5" id="maria-options">
            Opções do menu
          </Title>
          <FigureInfo figure="botOptions" label="Opções do menu" />
        </Group>
        {data.options.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma opção escolhida de {formatPeriod(data.period)}.
          </Text>
        ) : (
          <ScrollTable label="Opções do menu (tabela)" minWidth={360}>
            <Table verticalSpacing="xs" striped aria-label="Opções do menu">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Opção</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Encaminhados
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Respondidos pelo bot
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.options.map((option) => (
                  <Table.Tr key={option.key || option.label}>
                    <Table.Th scope="row" fw={500}>
                      {option.label}
                    </Table.Th>
                    <Table.Td ta="right">{formatCount(option.routed)}</Table.Td>
                    <Table.Td ta="right">{formatCount(option.answered)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
    </Paper>
  );
}

function MariaContent({ data }: { data: Maria }) {
  const { totals } = data;
  // "Nothing received" only once the figures were computed (else SyncedAt says why they are zero) and
  // while the bot did nothing today either (today's work reaches the period's figures at the next sync).
  const busyToday = data.live !== null && data.live !== undefined && data.live.inBot + data.live.startedToday > 0;
  const empty =
    data.syncedAt != null &&
    !busyToday &&
    OUTCOMES.reduce((sum, outcome) => sum + totals[outcome.name], totals.received) === 0;
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
      {data.live ? <LiveCards live={data.live} /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <StatCard figure="botReceived" label="Recebidos pelo chatbot" value={formatCount(totals.received)} />
        <StatCard figure="botResolved" label="Resolvidos pelo chatbot" value={formatCount(totals.resolved)} />
        <StatCard figure="botRouted" label="Encaminhados a um departamento" value={formatCount(totals.routed)} />
        <StatCard figure="botHandedOver" label="Passados a uma pessoa" value={formatCount(totals.handedOver)} />
        <StatCard figure="botAbandoned" label="Abandonados" value={formatCount(totals.abandoned)} />
        <StatCard figure="botTakenOver" label="Assumidos pela equipe" value={formatCount(totals.takenOver)} />
        <StatCard
          figure="botHandoverTime"
          label="Tempo até passar (mediana)"
          value={formatDuration(data.handoverMedianSecs)}
        />
      </SimpleGrid>
      <ChartCard
        title="O que o chatbot fez por dia"
        figure="botReceived"
        summary={`Gráfico de barras empilhadas, dia a dia de ${formatPeriod(data.period)}: dos ${formatCount(totals.received)} recebidos, ${formatCount(totals.resolved)} resolvidos pelo bot, ${formatCount(totals.routed)} encaminhados, ${formatCount(totals.handedOver)} passados a uma pessoa, ${formatCount(totals.abandoned)} abandonados e ${formatCount(totals.takenOver)} assumidos pela equipe.`}
        rows={data.days}
        rowKey={(row) => row.day}
        columns={[
          { label: 'Dia', value: (row) => formatDay(row.day) },
          { label: 'Recebidos', value: (row) => formatCount(row.received) },
          ...OUTCOMES.map((outcome) => ({
            label: outcome.label,
            value: (row: Maria['days'][number]) => formatCount(row[outcome.name]),
          })),
        ]}
        empty={data.days.length === 0 ? 'Nenhum dia no período.' : null}
      >
        <BarChart
          h="100%"
          data={days}
          dataKey="label"
          type="stacked"
          series={OUTCOMES.map((outcome) => ({ name: outcome.name, label: outcome.label, color: outcome.color }))}
          withLegend
          textColor={CHART_TEXT}
          valueFormatter={formatCount}
          accessibilityLayer={false}
        />
      </ChartCard>
      <OptionsTable data={data} />
    </Stack>
  );
}
