/**
 * One column of the board: its title (a tag's with its colour), how many cards it has loaded ("20+"
 * while the server has more), and the cards, newest activity first, a page at a time ("Carregar
 * mais"). The column is a drop target in the tag view. Loading, a load error with a retry, and an
 * empty column each say so.
 */
import { Draggable, Droppable } from '@hello-pangea/dnd';
import { Badge, Box, Button, Center, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { LoadError } from '../../../components/LoadError';
import { TagSwatch } from '../../../components/TagBadge';
import { useBoardColumn } from '../api/get-board-column';
import type { Ticket } from '../api/schemas';
import classes from './Board.module.css';
import { cardId, uniqueTickets, type BoardColumn } from './columns';
import { TicketCard } from './TicketCard';

export interface KanbanColumnProps {
  column: BoardColumn;
  /** Every column of the board (the cards' "Mover para…" offers the others). */
  columns: readonly BoardColumn[];
  /** Cards can be dragged in and out (the tag view). */
  movable: boolean;
  now: Date;
  viewerId: number;
  openTicketId: number | null;
  hrefOf: (ticketId: number) => string;
  linkState: unknown;
  onMove: (ticket: Ticket, from: BoardColumn, to: BoardColumn) => void;
}

export function KanbanColumn({
  column,
  columns,
  movable,
  now,
  viewerId,
  openTicketId,
  hrefOf,
  linkState,
  onMove,
}: KanbanColumnProps) {
  const query = useBoardColumn(column.query);
  const tickets = uniqueTickets(query.data);
  const titleId = `board-column-${column.id}`;
  const targets = movable ? columns.filter((other) => other.id !== column.id) : [];
  const count = `${tickets.length}${query.hasNextPage ? '+' : ''}`;

  return (
    <Box
      component="section"
      className={classes.column}
      aria-labelledby={titleId}
      data-testid={`board-column-${column.id}`}
      data-tag-color={column.tag ? '' : undefined}
      __vars={column.tag ? { '--column-color': column.tag.color } : undefined}
    >
      <div className={classes.columnHeader}>
        {column.tag ? <TagSwatch color={column.tag.color} /> : null}
        <Title order={2} size="h6" id={titleId} flex={1} miw={0} lineClamp={1}>
          {column.title}
        </Title>
        {query.isSuccess ? (
          <Badge variant="default" size="sm" tt="none">
            <span aria-hidden>{count}</span>
            <VisuallyHidden>
              {tickets.length === 1 ? '1 atendimento' : `${tickets.length} atendimentos`}
              {query.hasNextPage ? ' carregados, há mais' : ''}
            </VisuallyHidden>
          </Badge>
        ) : null}
      </div>
      <Droppable droppableId={column.id} isDropDisabled={!movable}>
        {(droppable, snapshot) => (
          <ul
            ref={droppable.innerRef}
            {...droppable.droppableProps}
            className={classes.cards}
            data-over={snapshot.isDraggingOver || undefined}
            aria-labelledby={titleId}
          >
            {tickets.map((ticket, index) => (
              <Draggable
                key={ticket.id}
                draggableId={cardId(column.id, ticket.id)}
                index={index}
                isDragDisabled={!movable}
              >
                {(draggable, dragSnapshot) => (
                  <li
                    ref={draggable.innerRef}
                    {...draggable.draggableProps}
                    className={classes.card}
                    data-dragging={dragSnapshot.isDragging || undefined}
                    data-open={ticket.id === openTicketId || undefined}
                    data-ticket-card={ticket.id}
                  >
                    <TicketCard
                      ticket={ticket}
                      column={column}
                      targets={targets}
                      now={now}
                      viewerId={viewerId}
                      href={hrefOf(ticket.id)}
                      linkState={linkState}
                      open={ticket.id === openTicketId}
                      onMove={onMove}
                      handleProps={movable ? draggable.dragHandleProps : null}
                      withStatus={movable}
                    />
                  </li>
                )}
              </Draggable>
            ))}
            {droppable.placeholder}
            {query.isPending ? (
              <li aria-busy="true" aria-label={`Carregando ${column.title}`}>
                <Stack gap="xs">
                  <Skeleton height={84} radius="md" />
                  <Skeleton height={84} radius="md" />
                </Stack>
              </li>
            ) : null}
            {query.isError && tickets.length === 0 ? (
              <li>
                <LoadError
                  title="Não foi possível carregar a coluna."
                  error={query.error}
                  onRetry={() => void query.refetch()}
                  retrying={query.isFetching}
                />
              </li>
            ) : null}
            {query.isSuccess && tickets.length === 0 && !snapshot.isDraggingOver ? (
              <li>
                <Text size="sm" c="dimmed" ta="center" py="md">
                  {movable ? 'Nenhum atendimento. Arraste um cartão para cá.' : 'Nenhum atendimento.'}
                </Text>
              </li>
            ) : null}
          </ul>
        )}
      </Droppable>
      {query.hasNextPage ? (
        <Center p="xs">
          <Button
            variant="subtle"
            size="xs"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
            aria-label={`Carregar mais em ${column.title}`}
          >
            Carregar mais
          </Button>
        </Center>
      ) : null}
    </Box>
  );
}
