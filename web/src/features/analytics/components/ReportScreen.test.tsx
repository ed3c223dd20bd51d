import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, requestUrl, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import type { LoginFailures } from '../api/schemas';
import { ANALYTICS } from '../test-data';
import { ReportScreen } from './ReportScreen';

// jsdom lays nothing out: recharts would only warn about a 0×0 drawing. The charts' text
// alternatives (ChartCard's tables) are what these tests read.
vi.mock('@mantine/charts', () => ({ AreaChart: () => null, BarChart: () => null, LineChart: () => null }));

const FAILURES: LoginFailures = {
  period: { from: '2026-11-01', to: '2026-11-30' },
  total: 42,
  byDay: [{ day: '2026-11-03', count: 3 }],
  byUser: [
    { userId: 4, email: 'ana@acme.com.br', name: 'Ana Souza', count: 7 },
    { userId: null, email: 'intruso@exemplo.com', name: null, count: 35 },
  ],
  byAddress: [{ clientAddr: '203.0.113.9', bodyIp: '203.0.113.9', count: 12 }],
  byReason: [{ reason: 'wrong_password', label: 'Senha incorreta', count: 30 }],
  recent: [
    {
      occurredAt: '2026-11-03T12:00:00Z',
      email: 'ana@acme.com.br',
      userId: 4,
      reason: 'wrong_password',
      label: 'Senha incorreta',
      clientAddr: '203.0.113.9',
      bodyIp: null,
    },
  ],
};

/** GET /api/dashboard-report/users as the server answers it: every user, deleted ones too, by name. */
const REPORT_USERS = [
  { id: 4, name: 'Ana Souza', email: 'ana@acme.com.br' },
  { id: 9, name: 'Bruno Lima', email: 'bruno@acme.com.br' },
  { id: 12, name: 'Carla Dias', email: 'carla@acme.com.br' },
];

const PATH = '/dashboard/report?preset=custom&from=2026-11-01&to=2026-11-30';

function routes(smart = false) {
  return [{ path: '/dashboard/report', element: <ReportScreen title="Relatórios" smart={smart} /> }];
}

const OPTIONS = {
  'GET /api/dashboard-report/users': () => json(REPORT_USERS),
  'GET /api/inbox/instances': () => json([{ id: 2, name: 'Vendas' }]),
  'GET /api/closing-reasons': () => json([{ id: 3, name: 'Dúvida resolvida', activated: true }]),
  'GET /api/tags': () =>
    json([
      {
        id: 4,
        name: 'Orçamento',
        color: '#fab005',
        boardPosition: null,
        createdAt: '2026-11-01T12:00:00Z',
        updatedAt: '2026-11-01T12:00:00Z',
      },
    ]),
};

describe('ReportScreen', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    // A supervisor: the report's route, not the users screen's.
    logIn(['dashboard-report']);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the period’s login failures, then only the chosen users’', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({ ...OPTIONS, 'POST /api/dashboard-report': () => json(FAILURES) });
    renderRoutes(routes(), PATH);
    expect(await screen.findByRole('heading', { name: 'Relatórios', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Email desconhecido')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(callsTo('POST /api/dashboard-report')[0]?.body).toEqual({
      start_at: '2026-11-01',
      finish_at: '2026-11-30',
      selectedUsers: [],
    });

    // The picker lists every user from GET /api/dashboard-report/users, not only those who failed.
    await user.click(screen.getByRole('combobox', { name: /^Usuários/ }));
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Ana Souza (ana@acme.com.br)', 'Bruno Lima (bruno@acme.com.br)', 'Carla Dias (carla@acme.com.br)']),
    );
    await user.click(within(listbox).getByRole('option', { name: 'Bruno Lima (bruno@acme.com.br)' }));
    await waitFor(() => expect(callsTo('POST /api/dashboard-report')).toHaveLength(2));
    expect(callsTo('POST /api/dashboard-report')[1]?.body).toEqual({
      start_at: '2026-11-01',
      finish_at: '2026-11-30',
      selectedUsers: [9],
    });
    expect(callsTo('GET /api/dashboard-report/users')).toHaveLength(1);
    expect(callsTo('GET /api/users')).toHaveLength(0);
  });

  it('finds a user by typing part of the name or email', async () => {
    const user = userEvent.setup();
    stubFetch({ ...OPTIONS, 'POST /api/dashboard-report': () => json(FAILURES) });
    renderRoutes(routes(), PATH);
    await screen.findByText('Email desconhecido');
    await user.type(screen.getByRole('combobox', { name: /^Usuários/ }), 'carla@');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Carla Dias (carla@acme.com.br)']),
    );
  });

  it('refuses a period the server would refuse, without asking', async () => {
    const { callsTo } = stubFetch({ ...OPTIONS, 'POST /api/dashboard-report': () => json(FAILURES) });
    renderRoutes(routes(), '/dashboard/report?preset=custom&from=2026-11-30&to=2026-11-01');
    expect(await screen.findByText('A data final é anterior à inicial.')).toBeInTheDocument();
    expect(callsTo('POST /api/dashboard-report')).toHaveLength(0);
    for (const button of screen.getAllByRole('button', { name: /xlsx/ })) expect(button).toBeDisabled();
  });

  it('downloads a sheet with the period and its options, named as the server names it', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:planilha', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { fetchMock } = stubFetch({
      ...OPTIONS,
      'POST /api/dashboard-report': () => json(FAILURES),
      'GET /api/tenant/sheets/attendances': () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="atendimentos_2026-11-01_a_2026-11-30.xlsx"',
          },
        }),
    });
    renderRoutes(routes(), PATH);
    const attendances = within(await screen.findByRole('region', { name: 'Atendimentos' }));
    await user.click(attendances.getByRole('combobox', { name: 'Instância' }));
    await user.click(await screen.findByRole('option', { name: 'Vendas' }));
    await user.click(attendances.getByRole('switch', { name: /Estimar/ }));
    // One tag: the sheet then holds only its tickets (the "Etiquetas" column says each one's).
    const tag = attendances.getByRole('combobox', { name: 'Etiqueta' });
    await waitFor(() => expect(tag).toBeEnabled());
    await user.click(tag);
    await user.click(await screen.findByRole('option', { name: 'Orçamento' }));
    await user.click(attendances.getByRole('button', { name: 'Baixar xlsx' }));

    await waitFor(() => expect(saved).toEqual(['atendimentos_2026-11-01_a_2026-11-30.xlsx']));
    const url = new URL(
      requestUrl(fetchMock.mock.calls.find(([input]) => requestUrl(input).includes('/sheets/'))?.[0]),
      'http://localhost',
    );
    expect(url.pathname).toBe('/api/tenant/sheets/attendances');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startAt: '2026-11-01',
      finishAt: '2026-11-30',
      websiteId: '2',
      estimation: 'true',
      tagId: '4',
    });
    const request = fetchMock.mock.calls.find(([input]) => requestUrl(input).includes('/sheets/'))?.[1];
    expect(new Headers(request?.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it('the reasons sheet offers every closing reason (GET /api/closing-reasons, open to any user) and sends the one chosen', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:planilha', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { fetchMock } = stubFetch({
      ...OPTIONS,
      'GET /api/closing-reasons': () =>
        json([
          { id: 3, name: 'Dúvida resolvida', activated: true },
          { id: 7, name: 'Promoção encerrada', activated: false },
        ]),
      'POST /api/dashboard-report': () => json(FAILURES),
      'GET /api/tenant/sheets/reasons': () => new Response(new Uint8Array([0x50, 0x4b, 3, 4])),
    });
    renderRoutes(routes(), PATH);
    const reasons = within(await screen.findByRole('region', { name: 'Motivos de encerramento' }));
    await user.click(reasons.getByRole('combobox', { name: 'Motivo de encerramento' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos os motivos', 'Dúvida resolvida', 'Promoção encerrada']);
    await user.click(within(listbox).getByRole('option', { name: 'Promoção encerrada' }));
    await user.click(reasons.getByRole('button', { name: 'Baixar xlsx' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).includes('/sheets/reasons'))).toBe(true),
    );
    const call = fetchMock.mock.calls.find(([input]) => requestUrl(input).includes('/sheets/reasons'));
    expect(new URL(requestUrl(call?.[0]), 'http://localhost').searchParams.get('reasonId')).toBe('7');
  });

  it('shows the server’s pt_BR message when a sheet is refused', async () => {
    const user = userEvent.setup();
    stubFetch({
      ...OPTIONS,
      'POST /api/dashboard-report': () => json(FAILURES),
      'GET /api/tenant/sheets/orders': () =>
        json({ code: 'feature_disabled', message: 'A opção Relatórios está desligada para esta empresa.' }, 403),
    });
    renderRoutes(routes(), PATH);
    const card = await screen.findByRole('region', { name: 'Pedidos' });
    await user.click(within(card).getByRole('button', { name: 'Baixar xlsx' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A opção Relatórios está desligada para esta empresa.');
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', message: 'A opção Relatórios está desligada para esta empresa.' }),
    );
  });

  it('the smart report adds the highlights and the previous period’s failures', async () => {
    const { callsTo } = stubFetch({
      ...OPTIONS,
      'GET /api/dashboard/analytics': () => json(ANALYTICS),
      'POST /api/dashboard-report': (call) =>
        json((call.body as { start_at: string }).start_at === '2026-11-01' ? FAILURES : { ...FAILURES, total: 30 }),
    });
    renderRoutes(routes(true), PATH);
    expect(await screen.findByText(/Tempo de primeira resposta caiu 18/)).toBeInTheDocument();
    expect(await screen.findByText(/Falhas de login subiram 40/)).toBeInTheDocument();
    expect(callsTo('POST /api/dashboard-report').map((call) => call.body)).toEqual(
      expect.arrayContaining([
        { start_at: '2026-11-01', finish_at: '2026-11-30', selectedUsers: [] },
        { start_at: '2026-10-02', finish_at: '2026-10-31', selectedUsers: [] },
      ]),
    );
  });

  it('a tenant without the reports option gets the server’s message, not an error', async () => {
    stubFetch({
      ...OPTIONS,
      'POST /api/dashboard-report': () =>
        json({ code: 'feature_disabled', message: 'A opção Relatórios está desligada para esta empresa.' }, 403),
    });
    renderRoutes(routes(), PATH);
    expect(await screen.findByText('Recurso não disponível para esta empresa')).toBeInTheDocument();
    expect(screen.getByText('A opção Relatórios está desligada para esta empresa.')).toBeInTheDocument();
  });
});
