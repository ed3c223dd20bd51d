/**
 * /kanban content (route `kanban`, open to every user; docs/tags.md#board): the open tickets the
 * viewer sees — exactly the inbox's — as cards in columns, by tag ("Por etiqueta": "Sem etiqueta"
 * then the board's tags, in the order chosen on the tags screen) or by status ("Por situação"). In
 * the tag view a card is dragged to another column (or moved with its "Mover para…" menu) to
 * change its tag; a card opens its conversation in a side panel. The view and the open card live
 * in the URL. Everything follows the socket: a ticket tagged, answered, taken or closed anywhere
 * moves, appears or leaves without a reload (board-cache.ts, through the inbox's `putTicket`).
 */
import {
  DragDropContext,
  type DragStart,
  type DragUpdate,
  type DropResult,
  type ResponderProvided,
} from '@hello-pangea/dnd';
import { Group, SegmentedControl, Skeleton, Stack, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { LoadError } from '../../../components/LoadError';
import { boardTags, useTags } from '../../../lib/tags';
import { useQueueCounts } from '../api/get-tickets';
import type { Ticket } from '../api/schemas';
import { customerName } from '../format';
import { useNow } from '../../../lib/use-now';
import type { InboxViewer } from '../viewer';
import classes from './Board.module.css';
import { findOnBoard } from './board-cache';
import type { CustomerSections } from '../components/CustomerPanel';
import { BoardConversation } from './BoardConversation';
import { BoardEmpty } from './BoardEmpty';
import { statusColumns, tagColumns, ticketOfCard, type BoardColumn, type BoardMode } from './columns';
import { KanbanColumn } from './KanbanColumn';
import { useBoardLocation } from './use-board-location';
import { useMoveCard } from './use-move-card';

/** What a screen reader hears on a card's handle (replaces the library's English instructions). */
const DRAG_INSTRUCTIONS =
  'Para mover o cartão, pressione espaço, use as setas para a esquerda e para a direita para escolher a coluna e pressione espaço de novo para soltar. Esc cancela. O menu “Mover para…” do cartão faz o mesmo.';

const MODES: { value: BoardMode; label: string }[] = [
  { value: 'tags', label: 'Por etiqueta' },
  { value: 'status', label: 'Por situação' },
];

const HINTS: Record<BoardMode, string> = {
  tags: 'Arraste um cartão para outra coluna, ou use “Mover para…” no cartão, para trocar a etiqueta do atendimento.',
  status:
    'Nesta visão os cartões não se arrastam: a situação muda quando alguém aceita, transfere ou encerra o atendimento na conversa.',
};

export interface KanbanBoardProps {
  viewer: InboxViewer;
  /** The tenant has the chatbot (the user info's `features`; null when unknown). */
  chatbot: boolean | null;
  /** The tags screen, for whoever may keep the tags (the empty board leads there); else null. */
  tagsHref: string | null;
  /** Sections the app adds to the customer panel (app/customer-sections.tsx). */
  customerSections?: CustomerSections;
}

function ColumnsSkeleton() {
  return (
    <Group gap="sm" wrap="nowrap" aria-busy="true" aria-label="Carregando o quadro" align="flex-start">
      {[0, 1, 2].map((column) => (
        <Skeleton key={column} height={320} width={300} radius="md" />
      ))}
    </Group>
  );
}

export function KanbanBoard({ viewer, chatbot, tagsHref, customerSections }: KanbanBoardProps) {
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.0625em))`, false);
  const { location, hrefWith, change, closeTicket, openState } = useBoardLocation();
  const tags = useTags();
  const counts = useQueueCounts();
  const now = useNow();
  const queryClient = useQueryClient();
  const moveCard = useMoveCard(viewer.id);
  const mode = location.mode;
  const board = boardTags(tags.data);
  const columns: BoardColumn[] =
    mode === 'tags' ? tagColumns(board) : statusColumns(chatbot === true || (counts?.bot ?? 0) > 0);
  const movable = mode === 'tags';

  function titleOf(id: string): string {
    return columns.find((column) => column.id === id)?.title ?? id;
  }

  function ticketOf(draggableId: string): Ticket | undefined {
    const id = ticketOfCard(draggableId);
    return id === null ? undefined : findOnBoard(queryClient, id);
  }

  function announceStart(start: DragStart, provided: ResponderProvided) {
    const ticket = ticketOf(start.draggableId);
    provided.announce(
      `Cartão de ${ticket ? customerName(ticket) : 'atendimento'} levantado, na coluna ${titleOf(start.source.droppableId)}.`,
    );
  }

  function announceUpdate(update: DragUpdate, provided: ResponderProvided) {
    if (update.destination) provided.announce(`Sobre a coluna ${titleOf(update.destination.droppableId)}.`);
  }

  function drop(result: DropResult, provided: ResponderProvided) {
    const from = columns.find((column) => column.id === result.source.droppableId);
    const to = columns.find((column) => column.id === result.destination?.droppableId);
    const ticket = ticketOf(result.draggableId);
    if (!from || !to || !ticket || result.reason === 'CANCEL' || from.id === to.id) {
      provided.announce(
        from && to && from.id === to.id
          ? `O cartão ficou em ${from.title}: a ordem da coluna segue a atividade mais recente.`
          : 'Movimento cancelado. O cartão ficou onde estava.',
      );
      return;
    }
    provided.announce(`Cartão de ${customerName(ticket)} movido para ${to.title}.`);
    moveCard(ticket, from, to);
  }

  let content;
  // The drag hint only where there are cards to drag (or, in the status view, to explain why not).
  let hint = true;
  if (mode === 'tags' && tags.isPending) content = <ColumnsSkeleton />;
  else if (mode === 'tags' && tags.isError && !tags.data) {
    content = (
      <LoadError
        title="Não foi possível carregar as colunas do quadro."
        error={tags.error}
        onRetry={() => void tags.refetch()}
        retrying={tags.isFetching}
      />
    );
  } else if (mode === 'tags' && board.length === 0) {
    content = <BoardEmpty tagsHref={tagsHref} onShowStatus={() => change({ mode: 'status' })} />;
    hint = false;
  } else {
    content = (
      <DragDropContext
        onDragStart={announceStart}
        onDragUpdate={announceUpdate}
        onDragEnd={drop}
        dragHandleUsageInstructions={DRAG_INSTRUCTIONS}
      >
        <div className={classes.board} role="region" aria-label="Colunas do quadro" tabIndex={0}>
          {columns.map((column) => (
            <KanbanColumn
              key={column.id}
              column={column}
              columns={columns}
              movable={movable}
              now={now}
              viewerId={viewer.id}
              openTicketId={location.ticketId}
              hrefOf={(ticketId) => hrefWith({ ticketId })}
              linkState={openState}
              onMove={(ticket, from, to) => moveCard(ticket, from, to)}
            />
          ))}
        </div>
      </DragDropContext>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Organizar o quadro"
          data={MODES}
          value={mode}
          onChange={(value) => change({ mode: value === 'status' ? 'status' : 'tags' })}
          fullWidth={phone}
          w={phone ? '100%' : 'fit-content'}
        />
        {hint ? (
          <Text size="sm" c="dimmed" flex="1 1 320px" data-testid="board-hint">
            {HINTS[mode]}
          </Text>
        ) : null}
      </Group>
      {content}
      <BoardConversation
        ticketId={location.ticketId}
        viewer={viewer}
        onClose={closeTicket}
        ticketHref={(ticketId) => hrefWith({ ticketId })}
        customerSections={customerSections}
      />
    </Stack>
  );
}
