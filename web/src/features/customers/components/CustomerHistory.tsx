/**
 * A customer's history in their detail: their tickets the user may see (newest first, at most 50;
 * each protocol opens the ticket in the inbox) and, when there are any, the messages they wrote that
 * opened no ticket ("Mensagens sem atendimento": kept while blacklisted or beyond the plan's monthly
 * ticket limit; at most 20).
 */
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../../lib/dates';
import { TICKET_STATUS_COLORS, TICKET_STATUS_LABELS } from '../../../lib/ticket-statuses';
import type { CustomerDetail, CustomerTicket } from '../api/schemas';
import classes from './customers.module.css';

export interface CustomerHistoryProps {
  customer: CustomerDetail;
  /** Where a ticket opens (the inbox). */
  ticketHref: (ticketId: number) => string;
}

function who(ticket: CustomerTicket): string {
  if (ticket.assignedUser) return ticket.assignedUser.name;
  if (ticket.department) return ticket.department.name;
  return 'sem responsável';
}

export function CustomerHistory({ customer, ticketHref }: CustomerHistoryProps) {
  return (
    <>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Atendimentos ({customer.tickets.length.toLocaleString('pt-BR')})
        </Title>
        {customer.tickets.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum atendimento que você possa ver.
          </Text>
        ) : (
          <Stack gap="sm" component="ul" className={classes.plainList} aria-label="Atendimentos do cliente">
            {customer.tickets.map((ticket) => (
              <li key={ticket.id} data-testid={`customer-ticket-${ticket.id}`}>
                <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} miw={0}>
                    <Anchor component={Link} to={ticketHref(ticket.id)} size="sm" fw={600}>
                      {ticket.protocol}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {ticket.instance.name} · {who(ticket)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Aberto em <time dateTime={ticket.openedAt}>{formatDateTime(ticket.openedAt)}</time>
                      {ticket.closedAt ? (
                        <>
                          {' '}
                          · encerrado em <time dateTime={ticket.closedAt}>{formatDateTime(ticket.closedAt)}</time>
                        </>
                      ) : null}
                    </Text>
                    {ticket.lastMessage?.body ? (
                      <Text size="sm" lineClamp={2} className={classes.messageText}>
                        {ticket.lastMessage.body}
                      </Text>
                    ) : null}
                  </Stack>
                  <Badge size="sm" variant="dot" color={TICKET_STATUS_COLORS[ticket.status] ?? 'gray.7'} flex="none">
                    {TICKET_STATUS_LABELS[ticket.status] ?? ticket.status}
                  </Badge>
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      {customer.messagesWithoutTicket.length > 0 ? (
        <Stack gap="xs" data-testid="messages-without-ticket">
          <Title order={3} size="h5">
            Mensagens sem atendimento
          </Title>
          <Text size="xs" c="dimmed">
            Guardadas sem abrir atendimento (cliente bloqueado ou limite de atendimentos do plano).
          </Text>
          <Stack gap="sm" component="ul" className={classes.plainList}>
            {customer.messagesWithoutTicket.map((message) => (
              <li key={message.id}>
                <Text size="sm" lineClamp={3} className={classes.messageText}>
                  {message.body}
                </Text>
                <Text size="xs" c="dimmed">
                  <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
                  {message.direction === 'out' ? ' · enviada pela empresa' : ''}
                </Text>
              </li>
            ))}
          </Stack>
        </Stack>
      ) : null}
    </>
  );
}
