/**
 * The analytics dashboard's "Números do período": each figure of the period against the previous
 * one, with its definition; tickets opened, closed, transferred and the first response open the
 * tickets behind them; the SLA attainment (first response and resolution) as a share with its
 * sample, beside the previous period's. Under them, the messages by type (MessageTypesCard).
 */
import { Box, SimpleGrid, Text, Title } from '@mantine/core';
import { formatMoney } from '../../../lib/money';
import type { TicketMetric } from '../api/get-dashboard-tickets';
import type { Analytics } from '../api/schemas';
import type { FigureId } from '../definitions';
import {
  formatAttainment,
  formatAttainmentWithSample,
  formatCount,
  formatDuration,
  formatSample,
  NO_SLA_SAMPLE,
} from '../format';
import { Delta } from './Delta';
import { MessageTypesCard } from './MessageTypesCard';
import { StatCard } from './StatCard';

export interface AnalyticsFiguresProps {
  data: Analytics;
  /** Opens the tickets behind a figure (TicketsDrawer). */
  onOpen: (metric: TicketMetric) => void;
}

interface SlaCardProps {
  figure: Extract<FigureId, 'slaResponse' | 'slaResolution'>;
  label: string;
  met: number;
  tickets: number;
  previousMet: number;
  previousTickets: number;
}

/**
 * An SLA attainment: `92,3 %` with `n = 130 · 120 dentro da meta` (or `—` and why), and the previous
 * period's as it was — a relative change of a percentage would read as points it is not.
 */
function SlaCard({ figure, label, met, tickets, previousMet, previousTickets }: SlaCardProps) {
  return (
    <StatCard
      figure={figure}
      label={label}
      value={formatAttainment(met, tickets)}
      sample={tickets}
      detail={tickets > 0 ? `${formatSample(tickets)} · ${formatCount(met)} dentro da meta` : NO_SLA_SAMPLE}
      delta={
        <Text size="xs" c="dimmed">
          Período anterior: {formatAttainmentWithSample(previousMet, previousTickets)}
        </Text>
      }
    />
  );
}

export function AnalyticsFigures({ data, onOpen }: AnalyticsFiguresProps) {
  const { totals, previousTotals: previous } = data;
  const count = (value: number) => formatCount(value);

  return (
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
        <SlaCard
          figure="slaResponse"
          label="SLA de 1ª resposta"
          met={totals.slaResponseMet}
          tickets={totals.slaResponseTickets}
          previousMet={previous.slaResponseMet}
          previousTickets={previous.slaResponseTickets}
        />
        <SlaCard
          figure="slaResolution"
          label="SLA de resolução"
          met={totals.slaResolutionMet}
          tickets={totals.slaResolutionTickets}
          previousMet={previous.slaResolutionMet}
          previousTickets={previous.slaResolutionTickets}
        />
      </SimpleGrid>
      <Box mt="md">
        <MessageTypesCard totals={totals} />
      </Box>
    </section>
  );
}
