import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, requestUrl, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import type { CustomerDetail } from '../api/schemas';
import { CUSTOMERS, customer, detail, GROUPS, page } from '../test-data';
import { CustomersScreen } from './CustomersScreen';

function open(path = '/customers') {
  return renderRoutes(
    [{ path: '/customers', element: <CustomersScreen ticketHref={(id) => `/?ticket=${id}`} /> }],
    path,
  );
}

/** The query strings of every `GET path` made so far. */
function queriesTo(fetchMock: { mock: { calls: unknown[][] } }, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map((call) => new URL(requestUrl(call[0] as RequestInfo), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

function rowOf(id: number): HTMLElement {
  return screen.getByTestId(`customer-row-${id}`);
}

describe('CustomersScreen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['customers']);
  });

  it('lists the customers with phone, email, since when and the blacklist; "Carregar mais" follows the cursor', async () => {
    const user = userEvent.setup();
    const { fetchMock } = stubFetch({
      'GET /api/customers': [() => json(page(CUSTOMERS.slice(0, 2), 'c2')), () => json(page(CUSTOMERS.slice(2)))],
    });
    open();
    const carla = await screen.findByTestId('customer-row-7');
    expect(within(carla).getByRole('link', { name: 'Carla Dias' })).toHaveAttribute('href', '/customers?cliente=7');
    expect(carla).toHaveTextContent('+55 11 98888-7777');
    expect(carla).toHaveTextContent('carla@email.example');
    expect(carla).toHaveTextContent('20/11/2026');
    expect(within(carla).getByText('Liberado')).toBeInTheDocument();
    expect(rowOf(6)).toHaveTextContent('—');
    expect(screen.getByText('2 clientes mostrados · há mais')).toBeInTheDocument();
    // The phone's cards hold the same customers.
    expect(screen.getByTestId('customer-card-7')).toHaveTextContent('Carla Dias');

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    const ana = await screen.findByTestId('customer-row-5');
    expect(within(ana).getByText('Bloqueado')).toBeInTheDocument();
    expect(screen.getByText('3 clientes mostrados')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    const [first, second] = queriesTo(fetchMock, '/api/customers');
    expect(first?.get('cursor')).toBeNull();
    expect(first?.get('limit')).toBe('30');
    expect(second?.get('cursor')).toBe('c2');
  });

  it('searches on the server once typing pauses, keeps the search in the URL, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { fetchMock } = stubFetch({
      'GET /api/customers': () => json(page(lastSearch() === 'zzz' ? [] : CUSTOMERS)),
    });
    const lastSearch = () => queriesTo(fetchMock, '/api/customers').at(-1)?.get('search');
    const { router } = open();
    await screen.findByTestId('customer-row-7');
    await user.type(screen.getByRole('textbox', { name: 'Buscar clientes' }), 'zzz');
    expect(await screen.findByText('Nenhum cliente encontrado', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText(/Nenhum cliente tem “zzz” no nome ou no telefone/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?q=zzz'));
    // One request for the pause, not one per key.
    expect(queriesTo(fetchMock, '/api/customers').map((query) => query.get('search'))).toEqual([null, 'zzz']);

    // The empty state's button (the field has its own).
    await user.click(screen.getAllByRole('button', { name: 'Limpar a busca' }).at(-1)!);
    await screen.findByTestId('customer-row-7');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('starts with the search of the URL', async () => {
    const { fetchMock } = stubFetch({ 'GET /api/customers': () => json(page([CUSTOMERS[0]!])) });
    open('/customers?q=98888');
    await screen.findByTestId('customer-row-7');
    expect(screen.getByRole('textbox', { name: 'Buscar clientes' })).toHaveValue('98888');
    expect(queriesTo(fetchMock, '/api/customers')[0]?.get('search')).toBe('98888');
  });

  it('says when the list does not load (with a retry), and when there is no customer yet', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch({
      'GET /api/customers': () => (fail ? json({ code: 'bad', message: 'Busca inválida.' }, 422) : json(page([]))),
    });
    open();
    expect(await screen.findByText('Não foi possível carregar os clientes.')).toBeInTheDocument();
    expect(screen.getByText('Busca inválida.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Nenhum cliente ainda')).toBeInTheDocument();
  });

  it("opens a customer's detail: their data, groups, tickets (each opening in the inbox) and kept messages", async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/customers': () => json(page(CUSTOMERS)),
      'GET /api/customers/7': () =>
        json(
          detail({
            messagesWithoutTicket: [
              { id: 9, direction: 'in', body: 'Oi, ainda estão aí?', sentAt: '2026-11-25T12:00:00Z' },
            ],
          }),
        ),
      'GET /api/customer-groups': () => json(GROUPS),
    });
    const { router } = open();
    await user.click(within(await screen.findByTestId('customer-row-7')).getByRole('link', { name: 'Carla Dias' }));
    await waitFor(() => expect(router.state.location.search).toBe('?cliente=7'));
    const drawer = await screen.findByRole('dialog', { name: 'Carla Dias' });
    const panel = await within(drawer).findByTestId('customer-detail');
    expect(panel).toHaveTextContent('+55 11 98888-7777');
    expect(panel).toHaveTextContent('carla@email.example');
    expect(panel).toHaveTextContent('20/11/2026, 12:00');
    expect(within(panel).getByRole('heading', { name: 'Atendimentos (2)' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: '20261123K3F9QX' })).toHaveAttribute('href', '/?ticket=42');
    expect(within(panel).getByTestId('customer-ticket-42')).toHaveTextContent('Encerrado');
    expect(within(panel).getByTestId('customer-ticket-42')).toHaveTextContent('WhatsApp Vendas · Ana Lima');
    expect(within(panel).getByTestId('customer-ticket-43')).toHaveTextContent('Aguardando');
    expect(within(panel).getByTestId('customer-ticket-43')).toHaveTextContent('WhatsApp Vendas · Financeiro');
    expect(within(panel).getByTestId('messages-without-ticket')).toHaveTextContent('Oi, ainda estão aí?');
    expect(await within(panel).findByRole('checkbox', { name: 'Clientes VIP' })).toBeChecked();
    expect(within(panel).getByRole('checkbox', { name: 'Atacado' })).not.toBeChecked();

    await user.click(within(drawer).getByRole('button', { name: 'Fechar painel' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('puts a customer on the blacklist after confirming: the detail and the list follow', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/customers': () => json(page(CUSTOMERS)),
      'GET /api/customers/7': () => json(detail()),
      'GET /api/customer-groups': () => json(GROUPS),
      'POST /api/customers/7/blacklist': (call) => json(customer(call.body as { blacklisted: boolean })),
    });
    open('/customers?cliente=7');
    const drawer = await screen.findByRole('dialog', { name: 'Carla Dias' });
    await user.click(await within(drawer).findByRole('button', { name: 'Bloquear cliente' }));
    const confirm = await screen.findByRole('dialog', { name: 'Bloquear cliente' });
    expect(confirm).toHaveTextContent('não abrirão atendimento nem avisarão ninguém');
    expect(callsTo('POST /api/customers/7/blacklist')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Bloquear' }));
    await waitFor(() => expect(callsTo('POST /api/customers/7/blacklist')[0]?.body).toEqual({ blacklisted: true }));
    expect(await within(drawer).findByRole('button', { name: 'Desbloquear cliente' })).toBeInTheDocument();
    expect(within(rowOf(7)).getByText('Bloqueado')).toBeInTheDocument();
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Cliente bloqueado' }));
  });

  it('a refused blacklist says why and changes nothing', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/customers': () => json(page(CUSTOMERS)),
      'POST /api/customers/7/blacklist': () =>
        json({ code: 'blacklist_forbidden', message: 'Você não pode bloquear este cliente.' }, 403),
    });
    open();
    await user.click(
      within(await screen.findByTestId('customer-row-7')).getByRole('button', { name: 'Ações de Carla Dias' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Bloquear' }));
    const confirm = await screen.findByRole('dialog', { name: 'Bloquear cliente' });
    await user.click(within(confirm).getByRole('button', { name: 'Bloquear' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Não foi possível alterar o bloqueio',
          message: 'Você não pode bloquear este cliente.',
        }),
      ),
    );
    expect(within(rowOf(7)).getByText('Liberado')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Bloquear cliente' })).toBeInTheDocument();
  });

  it("ticks and unticks the customer's groups in the detail", async () => {
    const user = userEvent.setup();
    let current: CustomerDetail = detail();
    const { callsTo } = stubFetch({
      'GET /api/customers': () => json(page(CUSTOMERS)),
      'GET /api/customers/7': () => json(current),
      'GET /api/customer-groups': () => json(GROUPS),
      'POST /api/customer-groups/1/members': () => {
        current = { ...current, groups: [GROUPS[0]!, ...current.groups] };
        return json({ ...GROUPS[0]!, members: 11 });
      },
      'POST /api/customer-groups/2/members': () => {
        current = { ...current, groups: current.groups.filter((group) => group.id !== 2) };
        return json({ ...GROUPS[1]!, members: 4 });
      },
    });
    open('/customers?cliente=7');
    const drawer = await screen.findByRole('dialog', { name: 'Carla Dias' });
    const atacado = await within(drawer).findByRole('checkbox', { name: 'Atacado' });
    await user.click(atacado);
    await waitFor(() =>
      expect(callsTo('POST /api/customer-groups/1/members')[0]?.body).toEqual({ add: [7], remove: [] }),
    );
    await waitFor(() => expect(within(drawer).getByRole('checkbox', { name: 'Atacado' })).toBeChecked());
    expect(within(drawer).getByText('11 clientes')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('checkbox', { name: 'Clientes VIP' }));
    await waitFor(() =>
      expect(callsTo('POST /api/customer-groups/2/members')[0]?.body).toEqual({ add: [], remove: [7] }),
    );
    await waitFor(() => expect(within(drawer).getByRole('checkbox', { name: 'Clientes VIP' })).not.toBeChecked());
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Tirado do grupo' }));
  });

  it('opens the customer of a link, and says so when they do not exist', async () => {
    stubFetch({
      'GET /api/customers': () => json(page(CUSTOMERS)),
      'GET /api/customers/99': () => json({ code: 'customer_not_found', message: 'Cliente não encontrado.' }, 404),
    });
    open('/customers?cliente=99');
    const drawer = await screen.findByRole('dialog', { name: 'Cliente' });
    expect(await within(drawer).findByText('Não foi possível carregar o cliente.')).toBeInTheDocument();
    expect(within(drawer).getByText('Cliente não encontrado.')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
