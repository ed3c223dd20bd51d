/**
 * One ticket of the queue: the customer, the last message, when, unread count and where it is, its
 * tags (three at most, then "+n"), its SLA when at risk or breached ("Em risco", "SLA estourado")
 * — and, on an official number whose 24-hour window has closed, that only a template may go now.
 *
 * The row is the link to the conversation and, beside it (never inside: no button in a link), the
 * "Etiquetas de {cliente}" picker that tags the ticket without opening it. The arrow keys move
 * between the rows' links (`Queue`); Tab goes from a link to its tags button. Where a pointer
 * hovers the button shows with the row's hover or focus (and while its list is open); on touch
 * screens always.
 */
import { Avatar, Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import type { Ticket } from '../api/schemas';
import { customerName, formatAddress } from '../format';
import { serviceWindow, WINDOW_EXPLANATION } from '../window';
import type { FromQueueState } from '../hooks/use-inbox-location';
import classes from './Inbox.module.css';
import { SlaBadge } from './SlaBadge';
import { TicketTagBadges, TicketTagsControl } from './TicketTagsControl';

export interface TicketItemProps {
  ticket: Ticket;
  href: string;
  selected: boolean;
  now: Date;
  /** The viewer's id: "você" instead of their own name. */
  viewerId: number;
  onKeyDown: (event: KeyboardEvent<HTMLAnchorElement>) => void;
}

export function TicketItem({ ticket, href, selected, now, viewerId, onKeyDown }: TicketItemProps) {
  const name = customerName(ticket);
  // A nameless customer whose number WhatsApp hides is "Número oculto": the id tells them apart.
  const hiddenId = ticket.customer.name.trim() ? null : formatAddress(ticket.customer.phone).id;
  const at = ticket.lastMessage?.at ?? ticket.updatedAt;
  const owner =
    ticket.assignedUser && ticket.status !== 'pending'
      ? ticket.assignedUser.id === viewerId
        ? 'Você'
        : ticket.assignedUser.name
      : null;
  return (
    <div className={classes.itemRow} data-selected={selected || undefined}>
      <Link
        to={href}
        state={{ fromQueue: true } satisfies FromQueueState}
        className={classes.item}
        aria-current={selected ? 'true' : undefined}
        data-ticket-id={ticket.id}
        onKeyDown={onKeyDown}
      >
        <Avatar name={name} color="initials" radius="xl" size={40} />
        <Stack gap={2} flex={1} miw={0}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="sm" fw={ticket.unread > 0 ? 700 : 600} truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed" flex="none" title={formatDateTime(at)}>
              {formatRelative(at, now)}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
            <Text size="sm" c={ticket.unread > 0 ? undefined : 'dimmed'} className={classes.preview}>
              {ticket.lastMessage?.body || 'Sem mensagens'}
            </Text>
            {ticket.unread > 0 ? (
              <Badge size="sm" circle={ticket.unread < 10} color="indigo.7" variant="filled" flex="none">
                <span aria-hidden="true">{ticket.unread > 99 ? '99+' : ticket.unread}</span>
              </Badge>
            ) : null}
          </Group>
          <Group gap={6} wrap="wrap">
            {hiddenId ? (
              <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
                ID: {hiddenId}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed" truncate>
              {ticket.instance.name}
              {owner ? ` · ${owner}` : ''}
            </Text>
            <SlaBadge sla={ticket.sla} />
            {ticket.status === 'transferring' ? (
              <Badge size="xs" color="yellow" variant="dot">
                Em transferência
              </Badge>
            ) : null}
            {ticket.status === 'bot' ? (
              <Badge size="xs" color="violet" variant="dot">
                Com o bot
              </Badge>
            ) : null}
            {ticket.status !== 'closed' && serviceWindow(ticket.windowClosesAt, now).state === 'closed' ? (
              <Badge size="xs" color="red" variant="dot" title={WINDOW_EXPLANATION}>
                Janela fechada
              </Badge>
            ) : null}
            {ticket.customer.blacklisted ? (
              <Badge size="xs" color="red" variant="dot">
                Bloqueado
              </Badge>
            ) : null}
          </Group>
          <TicketTagBadges ticket={ticket} max={3} />
        </Stack>
        {ticket.unread > 0 ? (
          <VisuallyHidden>
            {ticket.unread === 1 ? '1 mensagem não lida' : `${ticket.unread} mensagens não lidas`}
          </VisuallyHidden>
        ) : null}
      </Link>
      <div className={classes.itemTags}>
        <TicketTagsControl
          ticket={ticket}
          viewerId={viewerId}
          inRow
          label={`Etiquetas de ${name}${hiddenId ? ` (ID: ${hiddenId})` : ''}`}
          triggerClassName={classes.itemTagsButton}
        />
      </div>
    </div>
  );
}
