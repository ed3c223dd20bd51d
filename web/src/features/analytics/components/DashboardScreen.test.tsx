import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, requestUrl, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import type { ControlPanel, Maria } from '../api/schemas';
import { ANALYTICS } from '../test-data';
import { DashboardScreen, type DashboardTab } from './DashboardScreen';

// jsdom lays nothing out (recharts would warn about a 0×0 drawing); the tests read the charts'
// text alternatives.
vi.mock('@mantine/charts', () => ({ AreaChart: () => null, BarChart: () => null, LineChart: () => null }));

const TABS: DashboardTab[] = [
  { name: 'dashboard-analytics', label: 'Analytics', path: '/dashboard/analytics' },
  { name: 'dashboard-control-panel', label: 'Painel de controle', path: '/dashboard/control-panel' },
  { name: 'dashboard-maria-panel', label: 'Painel Maria', path: '/dashboard/maria-panel' },
];

function routes(tabs: DashboardTab[] = TABS, canEditThreshold = false) {
  return tabs.map((tab) => ({
    path: tab.path,
    element: <DashboardScreen key={tab.name} current={tab.name} tabs={tabs} canEditThreshold={canEditThreshold} />,
  }));
}

/** GET /api/dashboard/filters as the server answers it (docs/analytics.md). */
const FILTERS = {
  instances: [
    { id: 2, name: 'Vendas' },
    { id: 3, name: 'Pós-venda' },
  ],
  departments: [
    { id: 6, name: 'Financeiro' },
    { id: 5, name: 'Suporte' },
  ],
  agents: [{ id: 4, name: 'Ana Souza' }],
};

const OPTIONS = { 'GET /api/dashboard/filters': () => json(FILTERS), 'GET /api/tags': () => json([]) };

const FEATURE_OFF = () =>
  json({ code: 'feature_disabled', message: 'A opção Analytics está desligada para esta empresa.' }, 403);

function optionNames(listbox: HTMLElement): string[] {
  return within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

function lastQuery(fetchMock: ReturnType<typeof stubFetch>['fetchMock'], path: string) {
  const call = fetchMock.mock.calls.filter(([input]) => requestUrl(input).includes(path)).at(-1);
  return Object.fromEntries(new URL(requestUrl(call?.[0]), 'http://localhost').searchParams);
}

const PANEL: ControlPanel = {
  generatedAt: '2026-11-25T14:03:00Z',
  waiting: 7,
  oldestWaitingSince: '2026-11-25T13:20:00Z',
  thresholdMinutes: 15,
  overThreshold: 3,
  transfersPending: 2,
  open: 25,
  agents: [
    { userId: 4, name: 'Ana Souza', online: true, open: 5, transfersPending: 1 },
    { userId: 5, name: 'Bruno Lima', online: false, open: 2, transfersPending: 0 },
  ],
  byInstance: [{ instanceId: 1, name: 'Vendas', waiting: 4, open: 12 }],
};

describe('DashboardScreen', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['dashboard-analytics', 'dashboard-control-panel', 'dashboard-maria-panel', 'users']);
  });

  it('shows the period’s figures against the previous period, with filters sent to the server', async () => {
    const { fetchMock } = stubFetch({ ...OPTIONS, 'GET /api/dashboard/analytics': () => json(ANALYTICS) });
    renderRoutes(routes(), '/dashboard/analytics?preset=custom&from=2026-11-01&to=2026-11-30&instanceId=2');
    expect(await screen.findByRole('heading', { name: 'Analytics', level: 1 })).toBeInTheDocument();
    const opened = await screen.findByRole('button', { name: 'Tickets abertos: 412. Ver os tickets' });
    expect(within(opened.closest('[data-figure]') as HTMLElement).getByText(/\+12\s?%/)).toBeInTheDocument();
    const firstResponse = screen.getByText('3 min 25 s').closest('[data-figure]') as HTMLElement;
    // A faster first response is better: "caiu 18 %, melhor".
    expect(within(firstResponse).getByText(/caiu 18\s?%, melhor/)).toBeInTheDocument();
    expect(within(firstResponse).getByText(/p90: 25 min 10 s · 380 tickets/)).toBeInTheDocument();
    expect(screen.getByText(/Valor: R\$ 12\.345,00/)).toBeInTheDocument();
    expect(screen.getByText(/Dados atualizados em 25\/11\/2026/)).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Segunda-feira, 9 h às 10 h: 31 tickets' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /412 tickets abertos e 398 encerrados/ })).toBeInTheDocument();
    // Near the messages' figures, the messages by type: text is what the other types leave.
    const types = screen.getByRole('region', { name: 'Mensagens por tipo' });
    expect(within(types).getByRole('rowheader', { name: 'Texto' }).closest('tr')).toHaveTextContent('Texto7.40074%');
    expect(lastQuery(fetchMock, '/api/dashboard/analytics')).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      instanceId: '2',
    });
    expect(screen.queryByText('Em breve')).not.toBeInTheDocument();
  });

  it('shows the SLA attainment with its sample, and "—" when no ticket had the target', async () => {
    const user = userEvent.setup();
    stubFetch({ ...OPTIONS, 'GET /api/dashboard/analytics': () => json(ANALYTICS) });
    const { container } = renderRoutes(routes(), '/dashboard/analytics?preset=custom&from=2026-11-01&to=2026-11-30');
    await screen.findByRole('button', { name: 'Tickets abertos: 412. Ver os tickets' });

    // 120 of 130 met the first-response target; the previous period, 88 of 100.
    const response = container.querySelector('[data-figure="slaResponse"]') as HTMLElement;
    expect(within(response).getByText('SLA de 1ª resposta')).toBeInTheDocument();
    expect(within(response).getByText('92,3 %')).toBeInTheDocument();
    expect(within(response).getByText('n = 130 · 120 dentro da meta')).toBeInTheDocument();
    expect(within(response).getByText('Período anterior: 88,0 % · n = 100')).toBeInTheDocument();
    await user.click(within(response).getByRole('button', { name: 'O que é: SLA de 1ª resposta' }));
    expect(await screen.findByText(/uma meta estourada não volta a ser cumprida/i)).toBeInTheDocument();
    expect(screen.getByText('Amostra: 130 tickets.')).toBeInTheDocument();

    // No ticket closed with a resolution target: a dash, and why.
    const resolution = container.querySelector('[data-figure="slaResolution"]') as HTMLElement;
    expect(within(resolution).getByText('SLA de resolução')).toBeInTheDocument();
    expect(within(resolution).getByText('—')).toBeInTheDocument();
    expect(within(resolution).getByText('Nenhum atendimento com meta encerrado no período')).toBeInTheDocument();
    expect(within(resolution).getByText('Período anterior: —')).toBeInTheDocument();
  });

  it('a supervisor without the users route filters by instance and department from /api/dashboard/filters', async () => {
    logIn(['dashboard-analytics']);
    const user = userEvent.setup();
    const { fetchMock, callsTo } = stubFetch({ ...OPTIONS, 'GET /api/dashboard/analytics': () => json(ANALYTICS) });
    renderRoutes(routes(TABS.slice(0, 1)), '/dashboard/analytics?preset=custom&from=2026-11-01&to=2026-11-30');
    await screen.findByRole('button', { name: 'Tickets abertos: 412. Ver os tickets' });

    const department = screen.getByRole('combobox', { name: 'Departamento' });
    await waitFor(() => expect(department).toBeEnabled());
    await user.click(department);
    expect(optionNames(await screen.findByRole('listbox', { name: 'Departamento' }))).toEqual([
      'Todos os departamentos',
      'Financeiro',
      'Suporte',
    ]);
    await user.click(screen.getByRole('option', { name: 'Suporte' }));
    await waitFor(() =>
      expect(lastQuery(fetchMock, '/api/dashboard/analytics')).toEqual({
        from: '2026-11-01',
        to: '2026-11-30',
        departmentId: '5',
      }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Instância' }));
    expect(optionNames(await screen.findByRole('listbox', { name: 'Instância' }))).toEqual([
      'Todas as instâncias',
      'Vendas',
      'Pós-venda',
    ]);
    await user.click(screen.getByRole('option', { name: 'Pós-venda' }));
    await waitFor(() => expect(lastQuery(fetchMock, '/api/dashboard/analytics')).toMatchObject({ instanceId: '3' }));
    // One call lists both; nothing asks for what a supervisor may not read.
    expect(callsTo('GET /api/dashboard/filters')).toHaveLength(1);
    expect(
      fetchMock.mock.calls.filter(([input]) =>
        /\/api\/(departments|users|instance|inbox\/instances)/.test(requestUrl(input)),
      ),
    ).toEqual([]);
  });

  it('a figure opens the tickets behind it, 50 at a time', async () => {
    const user = userEvent.setup();
    const ticket = (id: number) => ({
      id,
      protocol: `2026${id}`,
      status: 'closed',
      customerName: `Cliente ${id}`,
      instanceName: 'Vendas',
      departmentName: null,
      userName: 'Ana Souza',
      openedAt: '2026-11-03T12:00:00Z',
      closedAt: '2026-11-03T13:30:00Z',
      firstResponseSecs: 200,
      resolutionSecs: 5400,
    });
    const { fetchMock } = stubFetch({
      ...OPTIONS,
      'GET /api/dashboard/analytics': () => json(ANALYTICS),
      'GET /api/dashboard/tickets': [
        () => json({ data: [ticket(2), ticket(1)], nextCursor: 'c2' }),
        () => json({ data: [ticket(0)], nextCursor: null }),
      ],
    });
    renderRoutes(routes(), '/dashboard/analytics?preset=custom&from=2026-11-01&to=2026-11-30');
    await user.click(await screen.findByRole('button', { name: 'Tickets encerrados: 398. Ver os tickets' }));
    const drawer = await screen.findByRole('dialog', { name: /Tickets encerrados · 01\/11\/2026 a 30\/11\/2026/ });
    expect((await within(drawer).findAllByText('Cliente 2')).length).toBeGreaterThan(0);
    expect(lastQuery(fetchMock, '/api/dashboard/tickets')).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      metric: 'closed',
    });
    await user.click(within(drawer).getByRole('button', { name: 'Carregar mais' }));
    expect((await within(drawer).findAllByText('Cliente 0')).length).toBeGreaterThan(0);
    expect(lastQuery(fetchMock, '/api/dashboard/tickets').cursor).toBe('c2');
    expect(within(drawer).queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('offers only the tabs it is given, and a tab goes to its route keeping the period', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...OPTIONS,
      'GET /api/dashboard/analytics': () => json(ANALYTICS),
      'GET /api/dashboard/control-panel': () => json(PANEL),
      'GET /api/dashboard/control-panel/at-risk': () => json([]),
    });
    const tabs = TABS.slice(0, 2);
    const { router } = renderRoutes(routes(tabs), '/dashboard/analytics?preset=7d');
    expect(await screen.findAllByRole('tab')).toHaveLength(2);
    expect(screen.queryByRole('tab', { name: /Painel Maria/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Painel de controle/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/control-panel'));
    expect(router.state.location.search).toBe('?preset=7d');
    expect(await screen.findByRole('heading', { name: 'Painel de controle', level: 1 })).toBeInTheDocument();
  });

  it('the control panel highlights tickets over the threshold; an administrator changes it', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/dashboard/control-panel': () => json(PANEL),
      'GET /api/dashboard/control-panel/at-risk': () => json([]),
      'PUT /api/dashboard/control-panel/settings': () => json({ thresholdMinutes: 20 }),
    });
    renderRoutes(routes(TABS, true), '/dashboard/control-panel');
    expect(await screen.findByText('3 tickets esperam há mais de 15 min.')).toBeInTheDocument();
    const waiting = screen.getByText('3 acima do limite de 15 min').closest('[data-figure]');
    expect(waiting).toHaveAttribute('data-figure', 'waiting');
    const agents = screen.getByRole('table', { name: 'Atendentes' });
    expect(within(within(agents).getByRole('row', { name: /Ana Souza/ })).getByText('Disponível')).toBeInTheDocument();
    expect(within(within(agents).getByRole('row', { name: /Bruno Lima/ })).getByText('Offline')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Por instância' })).getByRole('row', { name: /Vendas 4 12/ }),
    ).toBeInTheDocument();

    const input = screen.getByRole('textbox', { name: /Destacar quem espera/ });
    await user.clear(input);
    await user.type(input, '20');
    await user.click(screen.getByRole('button', { name: 'Salvar limite' }));
    await waitFor(() => expect(callsTo('PUT /api/dashboard/control-panel/settings')).toHaveLength(1));
    expect(callsTo('PUT /api/dashboard/control-panel/settings')[0]?.body).toEqual({ thresholdMinutes: 20 });
  });

  it('the Maria panel shows the real zeroes and why while the chatbot is off', async () => {
    const maria: Maria = {
      botEnabled: false,
      period: { from: '2026-11-01', to: '2026-11-30' },
      syncedAt: null,
      totals: { received: 0, resolved: 0, routed: 0, handedOver: 0, abandoned: 0, takenOver: 0 },
      handoverMedianSecs: null,
      days: [{ day: '2026-11-01', received: 0, resolved: 0, routed: 0, handedOver: 0, abandoned: 0, takenOver: 0 }],
      options: [],
      live: null,
    };
    stubFetch({ 'GET /api/dashboard/maria': () => json(maria) });
    renderRoutes(routes(), '/dashboard/maria-panel?preset=custom&from=2026-11-01&to=2026-11-30');
    expect(await screen.findByText(/O chatbot Maria ainda não está ativo para esta empresa/)).toBeInTheDocument();
    expect(screen.getAllByText('0').length).toBeGreaterThanOrEqual(4);
    expect(screen.getByText(/Os números ainda não foram calculados/)).toBeInTheDocument();
    expect(screen.queryByText('Em breve')).not.toBeInTheDocument();
  });

  it('the Maria panel shows what became of the bot’s tickets, per day and option, today live, and links to the editor', async () => {
    const maria: Maria = {
      botEnabled: true,
      period: { from: '2026-11-01', to: '2026-11-30' },
      syncedAt: '2026-11-25T03:00:12Z',
      totals: { received: 120, resolved: 30, routed: 50, handedOver: 20, abandoned: 12, takenOver: 8 },
      handoverMedianSecs: 95,
      days: [{ day: '2026-11-02', received: 10, resolved: 3, routed: 4, handedOver: 1, abandoned: 1, takenOver: 1 }],
      options: [
        { key: 'fin', label: 'Financeiro e boletos', routed: 50, answered: 0 },
        { key: 'hor', label: 'Horário de funcionamento', routed: 0, answered: 30 },
      ],
      live: { inBot: 4, startedToday: 9, routedToday: 3, handedOverToday: 1, abandonedToday: 0, takenOverToday: 1 },
    };
    stubFetch({ 'GET /api/dashboard/maria': () => json(maria) });
    renderRoutes(
      TABS.map((tab) => ({
        path: tab.path,
        element: <DashboardScreen current={tab.name} tabs={TABS} canEditThreshold={false} chatbotAccess="edit" />,
      })),
      '/dashboard/maria-panel?preset=custom&from=2026-11-01&to=2026-11-30',
    );
    const routed = (await screen.findByText('Encaminhados a um departamento')).closest('[data-figure]') as HTMLElement;
    expect(within(routed).getByText('50')).toBeInTheDocument();
    expect(within(routed).getByRole('button', { name: 'O que é: Encaminhados a um departamento' })).toBeInTheDocument();
    const takenOver = screen
      .getAllByText('Assumidos pela equipe')
      .map((element) => element.closest('[data-figure]'))
      .find((card) => card !== null) as HTMLElement;
    expect(within(takenOver).getByText('8')).toBeInTheDocument();
    expect(screen.getByText('1 min 35 s')).toBeInTheDocument();
    const live = screen.getByText('Com o bot agora').closest('[data-figure]') as HTMLElement;
    expect(within(live).getByText('4')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /barras empilhadas.*120 recebidos, 30 resolvidos pelo bot, 50 encaminhados/ }),
    ).toBeInTheDocument();
    const options = screen.getByRole('table', { name: 'Opções do menu' });
    expect(within(options).getByRole('row', { name: /Horário de funcionamento 0 30/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Configurar o bot' })).toHaveAttribute('href', '/chatbot');
  });

  it('a tenant without the analytics option gets the server’s message as an empty state', async () => {
    // The tags are the tenant's, whatever its options: only the dashboard's calls are refused.
    stubFetch({
      'GET /api/dashboard/filters': FEATURE_OFF,
      'GET /api/dashboard/analytics': FEATURE_OFF,
      'GET /api/tags': () => json([]),
    });
    renderRoutes(routes(), '/dashboard/analytics');
    expect(await screen.findByText('Recurso não disponível para esta empresa')).toBeInTheDocument();
    expect(screen.getByText('A opção Analytics está desligada para esta empresa.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    // The filters are refused alike: the screen's message says why, the pickers add no error.
    expect(screen.queryByText(/Não foi possível carregar/)).not.toBeInTheDocument();
  });
});
