import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tag } from '../../../lib/tags';
import { json, logIn, stubFetch, type RecordedCall } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import type { Ticket } from '../api/schemas';
import { applyInboxEvent } from '../realtime';
import { alice, message, page, ticket } from '../test-data';
import { KanbanBoard } from './KanbanBoard';

const NOW = new Date('2026-12-09T12:30:00Z');
const ORCAMENTO = { id: 1, name: 'Orçamento', color: '#fab005' };
const POS_VENDA = { id: 2, name: 'Pós-venda', color: '#40c057' };

function tag(ref: { id: number; name: string; color: string }, boardPosition: number | null): Tag {
  return { ...ref, boardPosition, createdAt: '2026-12-01T12:00:00Z', updatedAt: '2026-12-01T12:00:00Z' };
}

const BOARD = [tag(ORCAMENTO, 0), tag(POS_VENDA, 1)];

const maria = ticket(11, {
  customer: { id: 111, name: 'Maria Souza', phone: '+5511988887777', blacklisted: false },
  lastMessage: { body: 'Quero um orçamento', at: '2026-12-09T12:18:00Z' },
  updatedAt: '2026-12-09T12:18:00Z',
});
const joao = ticket(12, {
  status: 'open',
  assignedUser: { id: 8, name: 'Beto' },
  customer: { id: 112, name: 'João Lima', phone: '+5511977776666', blacklisted: false },
  tags: [ORCAMENTO],
  updatedAt: '2026-12-09T12:10:00Z',
});

/** Answers GET /api/tickets as the server filters it, over `all`. */
function ticketsAnswer(all: () => Ticket[], boardIds = [1, 2]) {
  return (call: RecordedCall) => {
    const q = call.query;
    const open = all().filter((t) => t.status !== 'closed');
    let rows: Ticket[];
    if (q.get('withoutBoardTag') === 'true') rows = open.filter((t) => !t.tags.some((x) => boardIds.includes(x.id)));
    else if (q.get('tagId')) rows = open.filter((t) => t.tags.some((x) => x.id === Number(q.get('tagId'))));
    else rows = all().filter((t) => t.status === q.get('status'));
    return json(page(rows));
  };
}

function column(title: string): HTMLElement {
  return screen.getByRole('region', { name: title });
}

function cardsIn(title: string): string[] {
  return Array.from(column(title).querySelectorAll('[data-ticket-card] a')).map((link) => link.textContent ?? '');
}

function renderBoard(options: { tagsHref?: string | null; client?: QueryClient; path?: string } = {}) {
  const tagsHref = options.tagsHref === undefined ? '/tags' : options.tagsHref;
  const board = <KanbanBoard viewer={alice} chatbot={false} tagsHref={tagsHref} />;
  return renderRoutes(
    [
      {
        path: '/kanban',
        element: options.client ? <QueryClientProvider client={options.client}>{board}</QueryClientProvider> : board,
      },
    ],
    options.path ?? '/kanban',
  );
}

describe('KanbanBoard', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn();
  });
  afterEach(() => vi.useRealTimers());

  it('by tag: "Sem etiqueta" then the board’s columns, each read with its filter; cards say who, what, since when', async () => {
    const { callsTo } = stubFetch({
      'GET /api/tags': () => json([...BOARD, tag({ id: 3, name: 'VIP', color: '#7950f2' }, null)]),
      'GET /api/tickets': ticketsAnswer(() => [maria, joao]),
    });
    const { container } = renderBoard();
    await waitFor(() => expect(cardsIn('Sem etiqueta')).toEqual(['Maria Souza']));
    await waitFor(() => expect(cardsIn('Orçamento')).toEqual(['João Lima']));
    expect(cardsIn('Pós-venda')).toEqual([]);
    expect(screen.queryByRole('region', { name: 'VIP' })).not.toBeInTheDocument();
    const queries = callsTo('GET /api/tickets').map((call) => call.query.toString());
    expect(queries).toEqual(
      expect.arrayContaining([
        'withoutBoardTag=true&active=true&limit=20',
        'tagId=1&active=true&limit=20',
        'tagId=2&active=true&limit=20',
      ]),
    );
    const card = column('Sem etiqueta').querySelector('[data-ticket-card="11"]') as HTMLElement;
    expect(card).toHaveTextContent('Quero um orçamento');
    expect(card).toHaveTextContent('Última mensagem há 12 min.');
    expect(card).toHaveTextContent('Sem responsável');
    expect(card).toHaveTextContent('Protocolo 20261123P11');
    expect(within(column('Orçamento')).getByText('Beto')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Maria Souza' })).toHaveAttribute('href', '/kanban?ticket=11');
    expect(within(card).getByRole('button', { name: 'Arrastar Maria Souza' })).toBeInTheDocument();
    // Its tags picker sits beside the link, never inside it.
    const tagsButton = within(card).getByRole('button', { name: 'Etiquetas de Maria Souza' });
    expect(within(card).getByRole('link', { name: 'Maria Souza' })).not.toContainElement(tagsButton);

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('"Mover para…" moves the card at once with one change of tags; a refusal puts it back and says why', async () => {
    const user = userEvent.setup();
    let all = [maria, joao];
    const { callsTo } = stubFetch({
      'GET /api/tags': () => json(BOARD),
      'GET /api/tickets': ticketsAnswer(() => all),
      'POST /api/tickets/12/tags': [
        (call) => {
          const body = call.body as { add: number[]; remove: number[] };
          expect(body).toEqual({ add: [2], remove: [1] });
          all = all.map((t) => (t.id === 12 ? { ...t, tags: [POS_VENDA] } : t));
          return json(all.find((t) => t.id === 12));
        },
        () => json({ code: 'ticket_not_found', message: 'Atendimento não encontrado.' }, 404),
      ],
      'POST /api/tickets/11/tags': () =>
        json({ code: 'ticket_not_found', message: 'Atendimento não encontrado.' }, 404),
    });
    renderBoard();
    await waitFor(() => expect(cardsIn('Orçamento')).toEqual(['João Lima']));
    await user.click(within(column('Orçamento')).getByRole('button', { name: 'Mover João Lima para…' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Sem etiqueta', 'Pós-venda']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Pós-venda' }));
    expect(cardsIn('Pós-venda')).toEqual(['João Lima']);
    expect(cardsIn('Orçamento')).toEqual([]);
    await waitFor(() => expect(callsTo('POST /api/tickets/12/tags')).toHaveLength(1));

    // Refused: the card goes back to "Sem etiqueta", with a notice.
    await user.click(within(column('Sem etiqueta')).getByRole('button', { name: 'Mover Maria Souza para…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Orçamento' }));
    await waitFor(() => expect(cardsIn('Sem etiqueta')).toEqual(['Maria Souza']));
    expect(cardsIn('Orçamento')).toEqual([]);
    expect(callsTo('POST /api/tickets/11/tags')[0]?.body).toEqual({ add: [1], remove: [] });
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({
        color: 'red',
        title: 'Não foi possível mover o cartão',
        message: 'Maria Souza continua em Sem etiqueta. Atendimento não encontrado.',
      }),
    );
  });

  it('follows the socket: a ticket tagged elsewhere moves to its column, a closed one leaves', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    stubFetch({ 'GET /api/tags': () => json(BOARD), 'GET /api/tickets': ticketsAnswer(() => [maria, joao]) });
    renderBoard({ client });
    await waitFor(() => expect(cardsIn('Sem etiqueta')).toEqual(['Maria Souza']));
    await waitFor(() => expect(cardsIn('Orçamento')).toEqual(['João Lima']));
    act(() => {
      applyInboxEvent(client, { event: 'TicketTagsChanged', ticket: { ...maria, tags: [ORCAMENTO] } }, alice.id);
    });
    // Maria (last active 12:18) before João (12:10): newest activity first.
    await waitFor(() => expect(cardsIn('Orçamento')).toEqual(['Maria Souza', 'João Lima']));
    expect(cardsIn('Sem etiqueta')).toEqual([]);
    act(() => {
      applyInboxEvent(client, { event: 'ChatTicketClosed', ticket: { ...joao, status: 'closed' } }, alice.id);
    });
    await waitFor(() => expect(cardsIn('Orçamento')).toEqual(['Maria Souza']));
  });

  it('by status: the statuses’ columns, remembered in the URL; nothing to drag, and it says why', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/tags': () => json(BOARD),
      'GET /api/tickets': ticketsAnswer(() => [maria, joao]),
    });
    const { router } = renderBoard();
    await waitFor(() => expect(cardsIn('Sem etiqueta')).toEqual(['Maria Souza']));
    await user.click(screen.getByText('Por situação'));
    await waitFor(() => expect(router.state.location.search).toBe('?visao=situacao'));
    await waitFor(() => expect(cardsIn('Aguardando')).toEqual(['Maria Souza']));
    expect(cardsIn('Em atendimento')).toEqual(['João Lima']);
    expect(cardsIn('Em transferência')).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Com o bot' })).not.toBeInTheDocument();
    expect(callsTo('GET /api/tickets').some((call) => call.query.get('status') === 'pending')).toBe(true);
    expect(screen.queryByRole('button', { name: /^Arrastar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mover .* para…$/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('board-hint')).toHaveTextContent('Nesta visão os cartões não se arrastam');
  });

  it('without columns: whoever keeps the tags is sent to choose them; anyone else is told to ask', async () => {
    stubFetch({ 'GET /api/tags': () => json([tag(ORCAMENTO, null)]), 'GET /api/tickets': () => json(page([])) });
    const { unmount } = renderBoard({ tagsHref: '/tags' });
    expect(await screen.findByText('O quadro ainda não tem colunas')).toBeInTheDocument();
    expect(screen.getByText(/Escolha as colunas do quadro em Etiquetas/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Escolher as colunas em Etiquetas' })).toHaveAttribute('href', '/tags');
    unmount();
    renderBoard({ tagsHref: null });
    expect(await screen.findByText(/Peça a um administrador/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Etiquetas/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver por situação' })).toBeInTheDocument();
  });

  it('a card opens its conversation in a side panel, and the panel closes back to the board', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/tags': () => json(BOARD),
      'GET /api/tickets': ticketsAnswer(() => [maria, joao]),
      'GET /api/tickets/11': () => json(maria),
      'GET /api/tickets/11/messages': () =>
        json({ data: [message(5, { ticketId: 11, body: 'Quero um orçamento' })], next_cursor: null }),
      'POST /api/tickets/11/read': () => new Response(null, { status: 204 }),
      'GET /api/media/limits': () => json({ limits: [] }),
      'GET /api/tickets/11/mention-targets': () => json([]),
    });
    const { router } = renderBoard();
    await waitFor(() => expect(cardsIn('Sem etiqueta')).toEqual(['Maria Souza']));
    await user.click(within(column('Sem etiqueta')).getByRole('link', { name: 'Maria Souza' }));
    const panel = await screen.findByRole('dialog', { name: 'Atendimento' });
    expect(await within(panel).findByRole('heading', { name: 'Maria Souza' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?ticket=11');
    expect(within(panel).getByRole('button', { name: 'Etiquetas do atendimento' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
