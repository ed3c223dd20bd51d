import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { Component as Home } from './home';

function userInfo(
  seesAllTickets: boolean,
  instances: { id: number; name: string }[] = [],
  extra: { has_permission_routes?: string[]; features?: string[] } = {},
) {
  return {
    user: {
      id: 7,
      name: 'Ana Souza',
      username: 'ana',
      email: 'ana@acme.com.br',
      image: null,
      // The role's name says nothing here: `sees_all_tickets` decides.
      role: { id: 3, name: 'atendente', display_name: 'Atendente' },
      userDepartment: null,
      userInstances: instances.map((instance) => ({ id: instance.id, instance: { ...instance, activated: true } })),
    },
    has_permission_routes: ['home'],
    sees_all_tickets: seesAllTickets,
    ...extra,
  };
}

const emptyQueue = { data: [], next_cursor: null, counts: { pending: 0, open: 0, transferring: 0, mine: 0 } };

describe('/ (home)', () => {
  it('is the inbox for whoever the server says sees every ticket, even linked to no instance', async () => {
    logIn(['home']);
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/auth/userInfo': () => json(userInfo(true)),
      'GET /api/tickets': () => json(emptyQueue),
      'GET /api/inbox/instances': () =>
        json([
          { id: 2, name: 'WhatsApp Suporte' },
          { id: 1, name: 'WhatsApp Vendas' },
        ]),
    });
    renderRoutes([{ path: '/', element: <Home /> }], '/');
    expect(await screen.findByRole('heading', { name: 'Atendimentos', level: 1 })).toBeInTheDocument();
    // The instance filter offers what GET /api/inbox/instances lists (no GET /api/instance).
    await user.click(await screen.findByRole('combobox', { name: 'Filtrar por instância' }));
    const options = await screen.findByRole('listbox');
    expect(
      within(options)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['WhatsApp Suporte', 'WhatsApp Vendas']);
    expect(callsTo('GET /api/inbox/instances')).toHaveLength(1);
  });

  it('is the welcome for a user who serves no instance and does not see every ticket', async () => {
    logIn(['home']);
    stubFetch({ 'GET /api/auth/userInfo': () => json(userInfo(false)) });
    renderRoutes([{ path: '/', element: <Home /> }], '/');
    expect(await screen.findByRole('heading', { name: 'Olá, Ana Souza!' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Atendimentos' })).not.toBeInTheDocument();
  });

  it('the welcome leaves out the dashboards of an option the tenant has off', async () => {
    const routes = ['home', 'dashboard-analytics', 'dashboard-produtivity-report', 'dashboard-report'];
    logIn(routes);
    stubFetch({
      'GET /api/auth/userInfo': () =>
        json(userInfo(false, [], { has_permission_routes: routes, features: ['reports', 'two_factor'] })),
    });
    renderRoutes([{ path: '/', element: <Home /> }], '/');
    expect(await screen.findByRole('link', { name: 'Relatórios' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Analytics' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Relatório de produtividade' })).not.toBeInTheDocument();
  });

  it('an instance filter with a single instance to choose is not offered', async () => {
    logIn(['home']);
    stubFetch({
      'GET /api/auth/userInfo': () => json(userInfo(false, [{ id: 1, name: 'WhatsApp Vendas' }])),
      'GET /api/tickets': () => json(emptyQueue),
      'GET /api/inbox/instances': () => json([{ id: 1, name: 'WhatsApp Vendas' }]),
    });
    renderRoutes([{ path: '/', element: <Home /> }], '/');
    expect(await screen.findByText('Ninguém aguardando')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Filtrar por instância' })).not.toBeInTheDocument();
  });

  it('a tenant with the chatbot: "Com o bot" with its count, and a bot ticket is taken over with "Assumir"', async () => {
    logIn(['home']);
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    const user = userEvent.setup();
    const botTicket = {
      id: 4,
      protocol: '20261125P4',
      status: 'bot',
      customer: { id: 104, name: 'Joana Padeira', phone: '+5531988881111', blacklisted: false },
      instance: { id: 1, name: 'WhatsApp Vendas' },
      assignedUser: null,
      department: null,
      lastMessage: { body: 'Bom dia!', at: '2026-11-25T12:00:00Z' },
      unread: 0,
      openedAt: '2026-11-25T12:00:00Z',
      closedAt: null,
      closingReasonId: null,
      updatedAt: '2026-11-25T12:00:00Z',
    };
    const { callsTo } = stubFetch({
      'GET /api/auth/userInfo': () => json(userInfo(true, [], { features: ['chatbot'] })),
      'GET /api/tickets': () =>
        json({
          data: [botTicket],
          next_cursor: null,
          counts: { pending: 0, open: 0, transferring: 0, mine: 0, bot: 1 },
        }),
      'GET /api/inbox/instances': () => json([{ id: 1, name: 'WhatsApp Vendas' }]),
      'GET /api/tickets/4': () => json(botTicket),
      'GET /api/tickets/4/messages': () =>
        json({
          data: [
            {
              id: 1,
              ticketId: 4,
              direction: 'in',
              kind: 'text',
              body: 'Bom dia!',
              ack: 'read',
              sentAt: '2026-11-25T12:00:00Z',
              user: null,
            },
            {
              id: 2,
              ticketId: 4,
              direction: 'out',
              kind: 'bot',
              body: '1 - Financeiro',
              ack: 'sent',
              sentAt: '2026-11-25T12:00:01Z',
              user: null,
            },
          ],
          next_cursor: null,
        }),
      'GET /api/customers/104': () =>
        json({ ...botTicket.customer, email: null, createdAt: '2026-11-25T12:00:00Z', groups: [], tickets: [] }),
      'POST /api/tickets/4/accept': () =>
        json({ ...botTicket, status: 'open', assignedUser: { id: 7, name: 'Ana Souza' } }),
    });
    renderRoutes([{ path: '/', element: <Home /> }], '/?tab=bot&ticket=4');
    const botTab = await screen.findByRole('tab', { name: /Com o bot/ });
    await waitFor(() => expect(botTab).toHaveTextContent('1'));
    expect(await screen.findByTestId('bot-author')).toHaveTextContent('Assistente virtual · bot');
    expect(screen.getByText(/assistente virtual está atendendo/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Assumir' }));
    await waitFor(() => expect(callsTo('POST /api/tickets/4/accept')).toHaveLength(1));
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Atendimento assumido' }));
  });

  it('a tenant without the chatbot has no "Com o bot" tab', async () => {
    logIn(['home']);
    stubFetch({
      'GET /api/auth/userInfo': () => json(userInfo(true, [], { features: ['analytics'] })),
      'GET /api/tickets': () => json(emptyQueue),
      'GET /api/inbox/instances': () => json([]),
    });
    renderRoutes([{ path: '/', element: <Home /> }], '/');
    expect(await screen.findByRole('tab', { name: /Aguardando/ })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Com o bot/ })).not.toBeInTheDocument();
  });
});
