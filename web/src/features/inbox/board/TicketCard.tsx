/**
 * What one ticket's card on the kanban board shows (the card itself is the column's draggable): the customer (their name opens the conversation; the whole card
 * is its target), the last message, how long since it ("há 12 min", ticking), who has it (or "Sem
 * responsável"), its tags and protocol. In the tag view it is dragged by its handle — mouse, touch,
 * or Space and the arrows — and its "Mover para…" menu does the same without dragging (WCAG
 * 2.5.7; the phone's way). Its "Etiquetas de {cliente}" picker (after the protocol) tags it where it
 * is, as the queue's: above the card's cover, never inside the link.
 */
import type { DraggableProvidedDragHandleProps } from '@hello-pangea/dnd';
import { ActionIcon, Badge, Group, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowsExchange2, IconGripVertical, IconTag } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { TagSwatch } from '../../../components/TagBadge';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import type { Ticket } from '../api/schemas';
import { SlaBadge } from '../components/SlaBadge';
import { TicketTagBadges, TicketTagsControl } from '../components/TicketTagsControl';
import { customerName, STATUS_COLORS, STATUS_LABELS } from '../format';
import classes from './Board.module.css';
import type { BoardColumn } from './columns';

export interface TicketCardProps {
  ticket: Ticket;
  /** The column the card is in. */
  column: BoardColumn;
  /** The other columns it may move to (empty: not movable, the status view). */
  targets: readonly BoardColumn[];
  now: Date;
  viewerId: number;
  /** The href that opens its conversation over the board. */
  href: string;
  linkState: unknown;
  /** Its conversation is the one open. */
  open: boolean;
  onMove: (ticket: Ticket, from: BoardColumn, to: BoardColumn) => void;
  /** The drag handle's props (the drag library's; null: not draggable). */
  handleProps: DraggableProvidedDragHandleProps | null;
  /** Show the status (the tag view mixes them). */
  withStatus: boolean;
}

function ownerOf(ticket: Ticket, viewerId: number): string {
  if (ticket.status === 'bot') return 'Com o bot';
  if (!ticket.assignedUser || ticket.status === 'pending') return 'Sem responsável';
  return ticket.assignedUser.id === viewerId ? 'Você' : ticket.assignedUser.name;
}

function MoveMenu({
  ticket,
  column,
  targets,
  onMove,
}: Pick<TicketCardProps, 'ticket' | 'column' | 'targets' | 'onMove'>) {
  const name = customerName(ticket);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="md"
          aria-label={`Mover ${name} para…`}
          className={classes.above}
        >
          <IconArrowsExchange2 size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Mover para</Menu.Label>
        {targets.map((target) => (
          <Menu.Item
            key={target.id}
            leftSection={target.tag ? <TagSwatch color={target.tag.color} /> : <IconTag size={14} aria-hidden />}
            onClick={() => onMove(ticket, column, target)}
          >
            {target.title}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function TicketCard({
  ticket,
  column,
  targets,
  now,
  viewerId,
  href,
  linkState,
  open,
  onMove,
  handleProps,
  withStatus,
}: TicketCardProps) {
  const name = customerName(ticket);
  const at = ticket.lastMessage?.at ?? ticket.updatedAt;
  const movable = targets.length > 0;
  return (
    <>
      <Group gap={6} wrap="nowrap">
        {movable && handleProps ? (
          <div {...handleProps} className={`${classes.handle} ${classes.above}`} aria-label={`Arrastar ${name}`}>
            <IconGripVertical size={16} aria-hidden />
          </div>
        ) : null}
        <Link
          to={href}
          state={linkState}
          className={classes.cardLink}
          aria-current={open ? 'true' : undefined}
          title={name}
        >
          {name}
        </Link>
        <Text size="xs" c="dimmed" ml="auto" flex="none" title={formatDateTime(at)}>
          <VisuallyHidden>Última mensagem </VisuallyHidden>
          {formatRelative(at, now)}
        </Text>
        {movable ? <MoveMenu ticket={ticket} column={column} targets={targets} onMove={onMove} /> : null}
      </Group>
      <Text size="sm" c="dimmed" className={classes.preview}>
        {ticket.lastMessage?.body || 'Sem mensagens'}
      </Text>
      <TicketTagBadges ticket={ticket} max={3} />
      <Group gap={6} justify="space-between" wrap="wrap">
        <Text size="xs" fw={500}>
          {ownerOf(ticket, viewerId)}
        </Text>
        <SlaBadge sla={ticket.sla} />
        {withStatus ? (
          <Badge size="xs" variant="dot" color={STATUS_COLORS[ticket.status] ?? 'gray'}>
            {STATUS_LABELS[ticket.status] ?? ticket.status}
          </Badge>
        ) : null}
      </Group>
      {/* The tags picker at the end of the last line: the header's name keeps its room. */}
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed" miw={0}>
          Protocolo {ticket.protocol}
        </Text>
        <TicketTagsControl
          ticket={ticket}
          viewerId={viewerId}
          inRow
          label={`Etiquetas de ${name}`}
          triggerClassName={classes.above}
        />
      </Group>
    </>
  );
}
