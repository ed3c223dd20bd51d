import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tag } from '../../../lib/tags';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes, renderWithProviders } from '../../../testing/render';
import { alice, message, page, ticket } from '../test-data';
import { Conversation } from './Conversation';
import { CustomerPanel } from './CustomerPanel';
import { Inbox } from './Inbox';

const ORCAMENTO = { id: 1, name: 'Orçamento', color: '#fab005' };
const POS_VENDA = { id: 2, name: 'Pós-venda', color: '#40c057' };
const URGENTE = { id: 3, name: 'Urgente', color: '#fa5252' };
const VIP = { id: 4, name: 'VIP', color: '#7950f2' };

function tag(ref: { id: number; name: string; color: string }): Tag {
  return { ...ref, boardPosition: null, createdAt: '2026-12-01T12:00:00Z', updatedAt: '2026-12-01T12:00:00Z' };
}

const TAGS = [tag(ORCAMENTO), tag(POS_VENDA), tag(URGENTE), tag(VIP)];

describe('tags in the inbox', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn();
  });

  it('the queue filters by tag (in the URL, sent as tagId) and shows each ticket’s tags, three at most', async () => {
    const user = userEvent.setup();
    const tagged = ticket(1, { tags: [ORCAMENTO, POS_VENDA, URGENTE, VIP] });
    const { callsTo } = stubFetch({
      'GET /api/tags': () => json(TAGS),
      'GET /api/inbox/instances': () => json([{ id: 1, name: 'WhatsApp Loja' }]),
      'GET /api/tickets': (call) => json(page(call.query.get('tagId') === '2' ? [] : [tagged])),
    });
    const { router } = renderRoutes([{ path: '/', element: <Inbox viewer={alice} /> }], '/');
    const item = await screen.findByRole('link', { name: /Cliente 1/ });
    const badges = within(item).getByRole('list', { name: 'Etiquetas' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Orçamento', 'Pós-venda', 'Urgente', '+1e mais 1 etiqueta: VIP']);
    expect(callsTo('GET /api/tickets')[0]?.query.has('tagId')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Filtrar por etiqueta' }));
    await user.keyboard('pos');
    await user.click(await screen.findByRole('option', { name: 'Pós-venda' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tag=2'));
    await waitFor(() => expect(callsTo('GET /api/tickets').at(-1)?.query.get('tagId')).toBe('2'));
    expect(await screen.findByText('Nenhum atendimento com essa etiqueta')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostrar todas as etiquetas' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('the conversation’s tags line tags the ticket at once and shows its tags', async () => {
    const user = userEvent.setup();
    const open = ticket(21, { unread: 0, tags: [ORCAMENTO] });
    const { callsTo } = stubFetch({
      'GET /api/tags': () => json(TAGS),
      'GET /api/tickets/21': () => json(open),
      'GET /api/tickets/21/messages': () => json({ data: [message(1, { ticketId: 21 })], next_cursor: null }),
      'GET /api/media/limits': () => json({ limits: [] }),
      'POST /api/tickets/21/tags': [
        (call) => {
          const body = call.body as { add: number[]; remove: number[] };
          return json({ ...open, tags: body.add.includes(2) ? [ORCAMENTO, POS_VENDA] : [] });
        },
        () => json({ code: 'too_many_tags', message: 'Use até 20 etiquetas por atendimento ou cliente.' }, 422),
      ],
    });
    renderWithProviders(
      <Conversation viewer={alice} ticketId={21} onBack={vi.fn()} onShowCustomer={vi.fn()} onTaken={vi.fn()} />,
    );
    await screen.findByRole('heading', { name: 'Cliente 21' });
    const line = screen.getByTestId('conversation-tags');
    expect(within(line).getByRole('list', { name: 'Etiquetas do atendimento' })).toHaveTextContent('Orçamento');
    await user.click(within(line).getByRole('button', { name: 'Etiquetas do atendimento' }));
    await user.click(await screen.findByRole('option', { name: 'Pós-venda' }));
    await waitFor(() => expect(callsTo('POST /api/tickets/21/tags')[0]?.body).toEqual({ add: [2], remove: [] }));
    await waitFor(() =>
      expect(within(line).getByRole('list', { name: 'Etiquetas do atendimento' })).toHaveTextContent(
        'OrçamentoPós-venda',
      ),
    );
    // A refusal is said; the ticket stays as the server has it.
    await user.click(screen.getByRole('option', { name: 'Urgente' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Não foi possível mudar as etiquetas',
          message: 'Use até 20 etiquetas por atendimento ou cliente.',
        }),
      ),
    );
  });

  it('the customer panel shows the customer’s tags and changes them; a refusal is said', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/tags': () => json(TAGS),
      'GET /api/customers/101': () =>
        json({
          id: 101,
          name: 'Maria Souza',
          phone: '+5511988887777',
          email: null,
          blacklisted: false,
          createdAt: '2026-11-01T12:00:00Z',
          groups: [],
          tickets: [],
          messagesWithoutTicket: [],
          tags: [VIP],
        }),
      'POST /api/customers/101/tags': [
        () => json({ tags: [] }),
        () =>
          json(
            {
              code: 'customer_tags_forbidden',
              message: 'Só administradores, supervisores ou quem atende este cliente podem mudar as etiquetas dele.',
            },
            403,
          ),
      ],
    });
    renderRoutes(
      [{ path: '/', element: <CustomerPanel customerId={101} ticketId={1} ticketHref={(id) => `/?ticket=${id}`} /> }],
      '/',
    );
    const section = await screen.findByTestId('customer-tags');
    expect(within(section).getByRole('heading', { name: 'Etiquetas' })).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: 'Etiquetas do cliente' })).toHaveTextContent('VIP');
    await user.click(within(section).getByRole('button', { name: 'Etiquetas do cliente' }));
    await user.click(await screen.findByRole('option', { name: 'VIP' }));
    await waitFor(() => expect(callsTo('POST /api/customers/101/tags')[0]?.body).toEqual({ add: [], remove: [4] }));
    expect(await within(section).findByText('Nenhuma etiqueta.')).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Urgente' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Não foi possível mudar as etiquetas do cliente',
          message: 'Só administradores, supervisores ou quem atende este cliente podem mudar as etiquetas dele.',
        }),
      ),
    );
  });
});
