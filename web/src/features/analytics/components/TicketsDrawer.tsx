/**
 * The tickets behind a figure (the drill-down; docs/analytics.md, `GET /api/dashboard/tickets`):
 * a drawer with 50 tickets a page, newest first, "Carregar mais" for the next page. A table from
 * md up, cards on phones.
 */
import { Badge, Box, Button, Card, Drawer, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';
import { formatDateTime } from '../../../lib/dates';
import { useDashboardTickets, type DashboardTicketsQuery, type TicketMetric } from '../api/get-dashboard-tickets';
import type { DashboardTicket } from '../api/schemas';
import { formatCount, formatDuration } from '../format';
import { formatPeriod } from '../../../lib/period';
import { QueryError } from './QueryError';
import { ScrollTable } from './ScrollTable';
import classes from './analytics.module.css';

const METRIC_TITLES: Record<TicketMetric, string> = {
  opened: 'Tickets abertos',
  closed: 'Tickets encerrados',
  transferred: 'Tickets transferidos',
  firstResponse: 'Tickets com primeira resposta',
};

const STATUS_LABELS: Record<string, string> = {
  pending: 'Aguardando',
  open: 'Em atendimento',
  transferring: 'Em transferência',
  closed: 'Encerrado',
};

function status(ticket: DashboardTicket): string {
  return STATUS_LABELS[ticket.status] ?? ticket.status;
}

function protocol(ticket: DashboardTicket): string {
  return ticket.protocol === null || ticket.protocol === undefined ? `#${ticket.id}` : String(ticket.protocol);
}

export interface TicketsDrawerProps {
  query: DashboardTicketsQuery | null;
  onClose: () => void;
}

export function TicketsDrawer({ query, onClose }: TicketsDrawerProps) {
  const title = query ? `${METRIC_TITLES[query.metric]} · ${formatPeriod(query.period)}` : '';
  return (
    <Drawer opened={query !== null} onClose={onClose} position="right" size="min(100vw, 64rem)" title={title}>
      {query ? <TicketsList query={query} /> : null}
    </Drawer>
  );
}

function TicketsList({ query }: { query: DashboardTicketsQuery }) {
  const tickets = useDashboardTickets(query);
  if (tickets.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Carregando os tickets">
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} height={44} />
        ))}
      </Stack>
    );
  }
  if (tickets.isError && !tickets.data) {
    return (
      <QueryError
        title="Não foi possível carregar os tickets."
        error={tickets.error}
        onRetry={() => void tickets.refetch()}
        retrying={tickets.isFetching}
      />
    );
  }
  const rows = tickets.data.pages.flatMap((page) => page.data);
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={IconTicket}
        title="Nenhum ticket"
        description="Nenhum ticket conta para este número no período."
      />
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {formatCount(rows.length)} {rows.length === 1 ? 'ticket mostrado' : 'tickets mostrados'}
        {tickets.hasNextPage ? '; há mais.' : '.'}
      </Text>
      <Box visibleFrom="md">
        <ScrollTable label="Tickets (tabela)" minWidth={760}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Protocolo</Table.Th>
                <Table.Th scope="col">Cliente</Table.Th>
                <Table.Th scope="col">Instância</Table.Th>
                <Table.Th scope="col">Atendente</Table.Th>
                <Table.Th scope="col">Situação</Table.Th>
                <Table.Th scope="col">Aberto em</Table.Th>
                <Table.Th scope="col" className={classes.numeric}>
                  1ª resposta
                </Table.Th>
                <Table.Th scope="col" className={classes.numeric}>
                  Resolução
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((ticket) => (
                <Table.Tr key={ticket.id}>
                  <Table.Td>{protocol(ticket)}</Table.Td>
                  <Table.Td>{ticket.customerName || '—'}</Table.Td>
                  <Table.Td>
                    {ticket.instanceName || '—'}
                    {ticket.departmentName ? (
                      <Text size="xs" c="dimmed">
                        {ticket.departmentName}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{ticket.userName || 'Sem atendente'}</Table.Td>
                  <Table.Td>{status(ticket)}</Table.Td>
                  <Table.Td className={classes.nowrap}>{formatDateTime(ticket.openedAt)}</Table.Td>
                  <Table.Td className={classes.numeric}>{formatDuration(ticket.firstResponseSecs)}</Table.Td>
                  <Table.Td className={classes.numeric}>{formatDuration(ticket.resolutionSecs)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Box>
      <Stack gap="xs" hiddenFrom="md">
        {rows.map((ticket) => (
          <Card key={ticket.id} withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} size="sm">
                {ticket.customerName || '—'}
              </Text>
              <Badge variant="dot" color="gray" flex="none">
                {status(ticket)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {protocol(ticket)} · {ticket.instanceName || '—'} · {ticket.userName || 'Sem atendente'}
            </Text>
            <Text size="xs">
              Aberto em {formatDateTime(ticket.openedAt)} · 1ª resposta {formatDuration(ticket.firstResponseSecs)} ·
              resolução {formatDuration(ticket.resolutionSecs)}
            </Text>
          </Card>
        ))}
      </Stack>
      {tickets.isError ? <QueryError title="Não foi possível carregar mais tickets." error={tickets.error} /> : null}
      {tickets.hasNextPage ? (
        <Group justify="center">
          <Button variant="default" loading={tickets.isFetchingNextPage} onClick={() => void tickets.fetchNextPage()}>
            Carregar mais
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
