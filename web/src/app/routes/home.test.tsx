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

const GB = 1024 ** 3;
const MB = 1024 ** 2;

/** The board of docs/account.md#home-board, as its example shows it. */
const fullBoard = {
  instances: {
    total: 3,
    attentionCount: 1,
    attention: [{ id: 2, name: 'Vendas', status: 'disconnected', lastSyncStatus: 'failed' }],
  },
  people: {
    online: 4,
    total: 25,
    blocked: [{ id: 9, name: 'Eva Lima', email: 'eva@acme.com.br' }],
    blockedCount: 1,
    missingTwoFactor: 2,
  },
  usage: {
    users: { used: 8, limit: 25 },
    instances: { used: 3, limit: null },
    ticketsThisMonth: { used: 1240, limit: 10000 },
    mediaBytes: { used: 1.2 * GB, limit: 2 * GB },
  },
  loginFailures: {
    last24h: 12,
    recent: [{ email: 'intruso@x.com', at: '2026-11-26T12:00:00Z', reason: 'Senha errada' }],
  },
  inbox: null,
  operator: null,
};

const calmBoard = {
  instances: { total: 2, attentionCount: 0, attention: [] },
  people: { online: 1, total: 5, blocked: [], blockedCount: 0, missingTwoFactor: 0 },
  usage: {
    users: { used: 5, limit: 25 },
    instances: { used: 2, limit: null },
    ticketsThisMonth: { used: 10, limit: null },
    mediaBytes: { used: 12 * MB, limit: null },
  },
  loginFailures: { last24h: 0, recent: [] },
  inbox: null,
  operator: null,
};

/** The card whose heading is `title`. */
function card(title: string): HTMLElement {
  const heading = screen.getByRole('heading', { name: title, level: 2 });
  const element = heading.closest('article');
  if (!element) throw new Error(`no card ${title}`);
  return element;
}

describe('/ (home board, docs/account.md#home-board)', () => {
  const ROUTES = ['home', 'users', 'instances', 'dashboard-report'];

  it('is the board for a user who serves no instance and does not see every ticket: one call, every section', async () => {
    logIn(ROUTES);
    const { callsTo } = stubFetch({
      'GET /api/auth/userInfo': () =>
        json(userInfo(false, [], { has_permission_routes: ROUTES, features: ['reports'] })),
      'GET /api/home': () => json(fullBoard),
    });
    renderRoutes([{ path: '/', element: <Home /> }], '/');
    expect(await screen.findByRole('heading', { name: 'Olá, Ana Souza!', level: 1 })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Instâncias', level: 2 });
    expect(callsTo('GET /api/home')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Atendimentos' })).not.toBeInTheDocument();

    expect(card('Instâncias')).toHaveTextContent('1pede atenção');
    expect(within(card('Instâncias')).getByRole('list', { name: 'Instâncias que pedem atenção' })).toHaveTextContent(
      'Vendas · Desconectada · sincronização falhou',
    );
    expect(card('Pessoas')).toHaveTextContent('4 de 25online agora');
    expect(card('Pessoas')).toHaveTextContent('1 pessoa com acesso bloqueado');
    expect(card('Pessoas')).toHaveTextContent('Eva Lima · eva@acme.com.br');
    expect(card('Sem o segundo fator exigido')).toHaveTextContent('2pessoas');
    expect(screen.getByTestId('home-usage-summary')).toHaveTextContent(
      '8 de 25 usuários · 1.240 de 10.000 tickets este mês · 1,2 GB de 2 GB de mídia',
    );
    expect(card('Uso do plano')).toHaveTextContent('3 ativas (sem limite)');
    expect(card('Uso do plano')).toHaveTextContent('Mídia armazenada1,2 GB de 2 GB');
    // The fullest limit is the media quota's (60 %, users are at 32 %), not yet near.
    expect(card('Uso do plano')).toHaveTextContent('60%do espaço de mídia');
    expect(card('Uso do plano')).toHaveAttribute('data-tone', 'neutral');
    expect(card('Falhas de login')).toHaveTextContent('12nas últimas 24 horas');
    expect(card('Falhas de login')).toHaveTextContent('intruso@x.com · Senha errada');
    // Something needs attention: no all-clear.
    expect(screen.queryByText(/Tudo em ordem/)).not.toBeInTheDocument();

    // Each card leads where it is handled: one link, named by its heading.
    const linkOf = (title: string) => within(card(title)).getByRole('link');
    expect(linkOf('Instâncias')).toHaveAttribute('href', '/instances');
    expect(linkOf('Pessoas')).toHaveAttribute('href', '/users');
    expect(linkOf('Sem o segundo fator exigido')).toHaveAttribute('href', '/users');
    expect(linkOf('Uso do plano')).toHaveAttribute('href', '/users');
    expect(linkOf('Falhas de login')).toHaveAttribute('href', '/dashboard/report');
    expect(linkOf('Instâncias')).toHaveAccessibleName('Instâncias');
  });

  it('a null section is not shown, and a card leads nowhere the person may not go', async () => {
    logIn(['home', 'users']);
    stubFetch({
      'GET /api/auth/userInfo': () =>
        json(userInfo(false, [], { has_permission_routes: ['home', 'users'], features: [] })),
      'GET /api/home': () => json({ ...fullBoard, instances: null, usage: null }),
    });
    renderRoutes([{ path: '/', element: <Home /> }], '/');
    await screen.findByRole('heading', { name: 'Pessoas', level: 2 });
    expect(screen.queryByRole('heading', { name: 'Instâncias' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Uso do plano' })).not.toBeInTheDocument();
    // Without the reports option, the failures card leads to the users screen.
    expect(within(card('Falhas de login')).getByRole('link')).toHaveAttribute('href', '/users');
  });

  it('the cards are reached with Tab, one stop each, and Enter follows the link (a click anywhere on a card: e2e)', async () => {
    logIn(ROUTES);
    stubFetch({
      'GET /api/auth/userInfo': () =>
        json(userInfo(false, [], { has_permission_routes: ROUTES, features: ['reports'] })),
      'GET /api/home': () => json(fullBoard),
      'GET /api/users': () => json({ data: [], pagination: { page: 1, limit: 20, total: 0, pages: 0 } }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/', element: <Home /> },
        { path: '/users', element: <p>usuários</p> },
        { path: '/instances', element: <p>instâncias</p> },
      ],
      '/',
    );
    await screen.findByRole('heading', { name: 'Instâncias', level: 2 });
    await user.tab();
    expect(within(card('Instâncias')).getByRole('link')).toHaveFocus();
    await user.tab();
    expect(within(card('Pessoas')).getByRole('link')).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });

  it('says all is clear when nothing needs attention', async () => {
    logIn(ROUTES);
    stubFetch({
      'GET /api/auth/userInfo': () => json(userInfo(false, [], { has_permission_routes: ROUTES })),
      'GET /api/home': () => json(calmBoard),
    });
    renderRoutes([{ path: '/', element: <Home /> }], '/');
    expect(await screen.findByText('Tudo em ordem: nada pede a sua atenção agora.')).toBeInTheDocument();
    expect(card('Instâncias')).toHaveTextContent('Todas conectadas e sincronizadas.');
    expect(screen.getByTestId('home-usage-summary')).toHaveTextContent(
      '5 de 25 usuários · 10 tickets este mês · 12 MB de mídia',
    );
    expect(card('Uso do plano')).toHaveTextContent('Mídia armazenada12 MB (sem limite)');
    expect(screen.queryByRole('heading', { name: 'Sem o segundo fator exigido' })).not.toBeInTheDocument();
  });

  it('the media quota counts like the other limits: near asks for attention, full is urgent', async () => {
    logIn(ROUTES);
    stubFetch({
      'GET /api/auth/userInfo': () => json(userInfo(false, [], { has_permission_routes: ROUTES })),
      'GET /api/home': [
        () => json({ ...calmBoard, usage: { ...calmBoard.usage, mediaBytes: { used: 350 * MB, limit: 400 * MB } } }),
        () => json({ ...calmBoard, usage: { ...calmBoard.usage, mediaBytes: { used: 2 * GB, limit: 2 * GB } } }),
      ],
    });
    const { unmount } = renderRoutes([{ path: '/', element: <Home /> }], '/');
    await screen.findByRole('heading', { name: 'Uso do plano', level: 2 });
    expect(card('Uso do plano')).toHaveTextContent('88%do espaço de mídia');
    expect(card('Uso do plano')).toHaveTextContent('Mídia armazenada350 MB de 400 MB');
    expect(card('Uso do plano')).toHaveAttribute('data-tone', 'attention');
    expect(screen.queryByText(/Tudo em ordem/)).not.toBeInTheDocument();
    unmount();

    renderRoutes([{ path: '/', element: <Home /> }], '/');
    await screen.findByRole('heading', { name: 'Uso do plano', level: 2 });
    expect(card('Uso do plano')).toHaveTextContent('100%do espaço de mídia');
    expect(card('Uso do plano')).toHaveAttribute('data-tone', 'urgent');
    expect(card('Uso do plano')).toHaveTextContent('Um limite do plano foi atingido');
  });

  it('an older server without the media gauge: the card is as it was', async () => {
    logIn(ROUTES);
    const { mediaBytes: _media, ...olderUsage } = calmBoard.usage;
    stubFetch({
      'GET /api/auth/userInfo': () => json(userInfo(false, [], { has_permission_routes: ROUTES })),
      'GET /api/home': () => json({ ...calmBoard, usage: olderUsage }),
    });
    renderRoutes([{ path: '/', element: <Home /> }], '/');
    await screen.findByRole('heading', { name: 'Uso do plano', level: 2 });
    expect(screen.getByTestId('home-usage-summary')).toHaveTextContent(/^5 de 25 usuários · 10 tickets este mês$/);
    expect(card('Uso do plano')).not.toHaveTextContent('Mídia armazenada');
    expect(card('Uso do plano')).toHaveTextContent('20%do limite de usuários');
  });

  it('shows skeletons while loading, then the error with a retry that works', async () => {
    logIn(ROUTES);
    let answer: (response: Response) => void = () => undefined;
    const { callsTo } = stubFetch({
      'GET /api/auth/userInfo': () => json(userInfo(false, [], { has_permission_routes: ROUTES })),
      'GET /api/home': [() => new Promise<Response>((resolve) => (answer = resolve)), () => json(calmBoard)],
    });
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <Home /> }], '/');
    expect(await screen.findByLabelText('Carregando o quadro')).toHaveAttribute('aria-busy', 'true');
    answer(json({ code: 'server_error', message: 'Erro no servidor.' }, 500));
    expect(await screen.findByText('Não foi possível carregar o quadro.', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(/Tudo em ordem/)).toBeInTheDocument();
    expect(callsTo('GET /api/home').length).toBeGreaterThanOrEqual(2);
  }, 15_000);

  it('an operator sees tenants near their limits and recently deleted ones, leading to /tenants', async () => {
    const routes = ['home', 'tenants'];
    logIn(routes);
    localStorage.setItem('originBackoffice', 'true');
    stubFetch({
      'GET /api/auth/userInfo': () => json(userInfo(false, [], { has_permission_routes: routes })),
      'GET /api/home': () =>
        json({
          instances: null,
          people: null,
          usage: null,
          loginFailures: null,
          // The server counts an operator's queue too; this app shows operators no inbox.
          inbox: { pending: 3, open: 1 },
          operator: {
            nearLimits: [
              { tenant: 'loja', resource: 'users', used: 24, limit: 25 },
              { tenant: 'fotos', resource: 'mediaBytes', used: 1.8 * GB, limit: 2 * GB },
            ],
            recentlyDeleted: [{ tenant: 'antiga', deletedAt: '2026-11-20T10:00:00Z' }],
            checkedAt: '2026-11-26T12:00:00Z',
          },
        }),
    });
    renderRoutes([{ path: '/', element: <Home /> }], '/');
    await screen.findByRole('heading', { name: 'Empresas perto dos limites', level: 2 });
    expect(card('Empresas perto dos limites')).toHaveTextContent('loja · 24 de 25 usuários');
    expect(card('Empresas perto dos limites')).toHaveTextContent('fotos · 1,8 GB de 2 GB de mídia');
    expect(within(card('Empresas perto dos limites')).getByRole('link')).toHaveAttribute('href', '/tenants');
    expect(card('Empresas excluídas')).toHaveTextContent('antiga · excluída');
    expect(within(card('Empresas excluídas')).getByRole('link')).toHaveAttribute('href', '/tenants');
    expect(screen.queryByRole('heading', { name: 'Atendimentos' })).not.toBeInTheDocument();
  });

  it('staff keep the inbox at /; /?painel shows them the board, whose inbox card leads back', async () => {
    logIn(['home']);
    stubFetch({
      'GET /api/auth/userInfo': () => json(userInfo(true)),
      'GET /api/home': () =>
        json({
          ...calmBoard,
          instances: null,
          people: null,
          usage: null,
          loginFailures: null,
          inbox: { pending: 5, open: 12, mine: 2, withBot: 1 },
        }),
    });
    renderRoutes([{ path: '/', element: <Home /> }], '/?painel');
    await screen.findByRole('heading', { name: 'Atendimentos', level: 2 });
    expect(card('Atendimentos')).toHaveTextContent('5aguardando atendimento');
    expect(card('Atendimentos')).toHaveTextContent('12 em andamento · 2 com você · 1 com o bot');
    expect(within(card('Atendimentos')).getByRole('link')).toHaveAttribute('href', '/');
  });
});
