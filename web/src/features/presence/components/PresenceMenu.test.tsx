import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sinceText, type AgentStatus, type OwnStatus } from '../../../lib/presence';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/query-keys';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { theme } from '../../../theme';
import { applyPresenceEvent } from '../realtime';
import { PresenceMenu } from './PresenceMenu';

/** What the server says the user's status is (the user info query reads it). */
let serverStatus: OwnStatus = { status: 'online', reason: null, since: null };

/** The header as the navigation layout wires it: the user info query, its `isConnected` to the menu. */
function Header() {
  const userInfo = useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: () =>
      Promise.resolve({
        user: { id: 1, name: 'Ana', isConnected: serverStatus.status !== 'offline' },
        status: { userId: 1, ...serverStatus },
      }),
  });
  return <PresenceMenu isConnected={userInfo.data?.user.isConnected} />;
}

function renderHeader() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <Header />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return queryClient;
}

function deferred() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The server's answer to PUT /api/auth/status, remembered as the user info's status. */
function answer(status: AgentStatus, reason: string | null = null, since = '2026-12-06T12:30:00.000Z'): Response {
  serverStatus = { status, reason, since };
  return json({ userId: 1, ...serverStatus });
}

const SINCE = '2026-12-06T12:30:00.000Z';

describe('PresenceMenu', () => {
  beforeEach(() => {
    serverStatus = { status: 'online', reason: null, since: null };
    logIn();
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  });

  it('offers three statuses, each with what it means, the current one checked', async () => {
    stubFetch({});
    renderHeader();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Status: Disponível' }));
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      'DisponívelRecebe novos atendimentos e transferências',
      'AusenteConectado, sem receber novos atendimentos',
      'OfflineA equipe vê você desconectado',
    ]);
    expect(screen.getByRole('menuitemradio', { name: /Disponível/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: /Ausente/ })).toHaveAttribute('aria-checked', 'false');
  });

  it('goes Offline at once, before the server answers, with PUT /api/auth/status', async () => {
    const pending = deferred();
    const { callsTo } = stubFetch({ 'PUT /api/auth/status': () => pending.promise });
    renderHeader();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Status: Disponível' }));
    await user.click(screen.getByRole('menuitemradio', { name: /Offline/ }));

    // Optimistic: the header says Offline while the call is in flight.
    expect(await screen.findByRole('button', { name: /^Status: Offline/ })).toBeInTheDocument();
    expect(callsTo('PUT /api/auth/status')[0]?.body).toEqual({ status: 'offline' });
    pending.resolve(answer('offline'));
    await waitFor(() => expect(screen.getByRole('button', { name: /^Status: Offline desde / })).toBeInTheDocument());
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('Ausente asks for a reason: a quick choice, confirmed, shows "Ausente · Almoço" and since when', async () => {
    const { callsTo } = stubFetch({
      'PUT /api/auth/status': ({ body }) => answer('ausente', (body as { reason?: string }).reason ?? null, SINCE),
    });
    renderHeader();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Status: Disponível' }));
    await user.click(screen.getByRole('menuitemradio', { name: /Ausente/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ficar ausente' });
    // Nothing is sent until the person confirms or skips.
    expect(callsTo('PUT /api/auth/status')).toHaveLength(0);
    const field = within(dialog).getByRole('textbox', { name: 'Motivo (opcional)' });
    await waitFor(() => expect(field).toHaveFocus());
    const quick = within(dialog).getByRole('group', { name: 'Motivos rápidos' });
    await user.click(within(quick).getByRole('button', { name: 'Almoço' }));
    expect(within(quick).getByRole('button', { name: 'Almoço' })).toHaveAttribute('aria-pressed', 'true');
    expect(field).toHaveValue('Almoço');
    await user.click(within(dialog).getByRole('button', { name: 'Ficar ausente' }));

    await waitFor(() => expect(callsTo('PUT /api/auth/status')).toHaveLength(1));
    expect(callsTo('PUT /api/auth/status')[0]?.body).toEqual({ status: 'ausente', reason: 'Almoço' });
    const trigger = await screen.findByRole('button', { name: `Status: Ausente · Almoço ${sinceText(SINCE)}` });
    expect(trigger).toHaveTextContent('Ausente · Almoço');
    expect(trigger).toHaveTextContent(sinceText(SINCE) ?? '');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('a typed reason is sent trimmed; the keyboard alone does it (Enter confirms)', async () => {
    const { callsTo } = stubFetch({
      'PUT /api/auth/status': ({ body }) => answer('ausente', (body as { reason?: string }).reason ?? null),
    });
    renderHeader();
    const user = userEvent.setup();

    await screen.findByRole('button', { name: 'Status: Disponível' });
    await user.tab();
    await user.keyboard('{Enter}');
    const ausente = await screen.findByRole('menuitemradio', { name: /Ausente/ });
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(ausente).toHaveFocus());
    await user.keyboard('{Enter}');
    const field = await screen.findByRole('textbox', { name: 'Motivo (opcional)' });
    await waitFor(() => expect(field).toHaveFocus());
    await user.keyboard('  consulta médica {Enter}');
    await waitFor(() => expect(callsTo('PUT /api/auth/status')).toHaveLength(1));
    expect(callsTo('PUT /api/auth/status')[0]?.body).toEqual({ status: 'ausente', reason: 'consulta médica' });
    expect(await screen.findByRole('button', { name: /^Status: Ausente · consulta médica/ })).toBeInTheDocument();
  });

  it('"Sem motivo" skips the reason; Esc keeps the current status and sends nothing', async () => {
    const { callsTo } = stubFetch({ 'PUT /api/auth/status': () => answer('ausente') });
    renderHeader();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Status: Disponível' }));
    await user.click(screen.getByRole('menuitemradio', { name: /Ausente/ }));
    await screen.findByRole('dialog', { name: 'Ficar ausente' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('PUT /api/auth/status')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Status: Disponível' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Status: Disponível' }));
    await user.click(screen.getByRole('menuitemradio', { name: /Ausente/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ficar ausente' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo (opcional)' }), 'algo');
    await user.click(within(dialog).getByRole('button', { name: 'Sem motivo' }));
    await waitFor(() => expect(callsTo('PUT /api/auth/status')).toHaveLength(1));
    expect(callsTo('PUT /api/auth/status')[0]?.body).toEqual({ status: 'ausente' });
    expect(await screen.findByRole('button', { name: /^Status: Ausente desde / })).toBeInTheDocument();
  });

  it('a reason over 60 characters is refused in place, with the count, and nothing is sent', async () => {
    const { callsTo } = stubFetch({ 'PUT /api/auth/status': () => answer('ausente') });
    renderHeader();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Status: Disponível' }));
    await user.click(screen.getByRole('menuitemradio', { name: /Ausente/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ficar ausente' });
    const field = within(dialog).getByRole('textbox', { name: 'Motivo (opcional)' });
    await user.click(field);
    await user.paste('a'.repeat(61));
    expect(dialog).toHaveTextContent('61/60 caracteres');
    await user.click(within(dialog).getByRole('button', { name: 'Ficar ausente' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Use no máximo 60 caracteres.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('PUT /api/auth/status')).toHaveLength(0);
    await user.type(field, '{Backspace}');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Ficar ausente' }));
    await waitFor(() => expect(callsTo('PUT /api/auth/status')).toHaveLength(1));
    expect(callsTo('PUT /api/auth/status')[0]?.body).toEqual({ status: 'ausente', reason: 'a'.repeat(60) });
  });

  it('while away, Ausente again changes the reason (prefilled)', async () => {
    serverStatus = { status: 'ausente', reason: 'Almoço', since: SINCE };
    const { callsTo } = stubFetch({
      'PUT /api/auth/status': ({ body }) => answer('ausente', (body as { reason?: string }).reason ?? null, SINCE),
    });
    renderHeader();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /^Status: Ausente · Almoço/ }));
    expect(screen.getByRole('menuitemradio', { name: /Ausente/ })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemradio', { name: /Ausente/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ficar ausente' });
    expect(within(dialog).getByRole('textbox', { name: 'Motivo (opcional)' })).toHaveValue('Almoço');
    await user.click(within(dialog).getByRole('button', { name: 'Reunião' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ficar ausente' }));
    await waitFor(() => expect(callsTo('PUT /api/auth/status')).toHaveLength(1));
    expect(callsTo('PUT /api/auth/status')[0]?.body).toEqual({ status: 'ausente', reason: 'Reunião' });
    // The same absence keeps its start.
    expect(
      await screen.findByRole('button', { name: `Status: Ausente · Reunião ${sinceText(SINCE)}` }),
    ).toBeInTheDocument();
  });

  it('goes back to the previous status and says why when the call fails', async () => {
    serverStatus = { status: 'ausente', reason: 'Almoço', since: SINCE };
    stubFetch({
      'PUT /api/auth/status': () => json({ code: 'invalid_status', message: 'Falha ao salvar.' }, 422),
    });
    renderHeader();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /^Status: Ausente · Almoço/ }));
    await user.click(screen.getByRole('menuitemradio', { name: /Disponível/ }));

    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith({
        color: 'red',
        title: 'Não foi possível mudar o seu status',
        message: 'Você continua como Ausente · Almoço. Falha ao salvar.',
      }),
    );
    expect(screen.getByRole('button', { name: `Status: Ausente · Almoço ${sinceText(SINCE)}` })).toBeInTheDocument();
  });

  it('follows another tab: UserStatusChanged for the viewer turns the header, and says so', async () => {
    const queryClient = renderHeader();
    await screen.findByRole('button', { name: 'Status: Disponível' });

    const away = { event: 'UserStatusChanged', user_id: 1, status: 'ausente', reason: 'Reunião', since: SINCE };
    // Another user's change is not the header's business.
    expect(applyPresenceEvent(queryClient, { ...away, user_id: 2 }, 1)).toBeNull();
    expect(applyPresenceEvent(queryClient, away, 1)).toEqual({
      color: 'gray',
      title: 'Seu status mudou',
      message: 'Agora você está ausente (Reunião): conectado, sem receber novos atendimentos.',
    });
    expect(
      await screen.findByRole('button', { name: `Status: Ausente · Reunião ${sinceText(SINCE)}` }),
    ).toBeInTheDocument();
    // The echo of a status already shown is not news.
    expect(applyPresenceEvent(queryClient, away, 1)).toBeNull();
    // Back to Disponível from the other tab: UserStatusChanged and UserConnected, told once.
    const back = { event: 'UserStatusChanged', user_id: 1, status: 'online', reason: null, since: SINCE };
    expect(applyPresenceEvent(queryClient, back, 1)?.message).toBe(
      'Agora você está disponível: recebe novos atendimentos e transferências.',
    );
    expect(applyPresenceEvent(queryClient, { event: 'UserConnected', user_id: 1 }, 1)).toBeNull();
    expect(await screen.findByRole('button', { name: 'Status: Disponível' })).toBeInTheDocument();
  });

  it('an administrator taking the user offline (UserDisconnected) turns the header to Offline, and says so', async () => {
    const queryClient = renderHeader();
    await screen.findByRole('button', { name: 'Status: Disponível' });

    expect(applyPresenceEvent(queryClient, { event: 'UserDisconnected', user_id: 2 }, 1)).toBeNull();
    expect(applyPresenceEvent(queryClient, { event: 'UserDisconnected', user_id: 1 }, 1)).toEqual({
      color: 'gray',
      title: 'Seu status mudou',
      message: 'Agora você está offline: a equipe vê você desconectado.',
    });
    expect(await screen.findByRole('button', { name: /^Status: Offline/ })).toBeInTheDocument();
    // Its UserStatusChanged brings the start, and is no second notice.
    const echo = { event: 'UserStatusChanged', user_id: 1, status: 'offline', reason: null, since: SINCE };
    expect(applyPresenceEvent(queryClient, echo, 1)).toBeNull();
    expect(await screen.findByRole('button', { name: `Status: Offline ${sinceText(SINCE)}` })).toBeInTheDocument();
  });

  it('an echo of the own change in flight is not news', async () => {
    const pending = deferred();
    stubFetch({ 'PUT /api/auth/status': () => pending.promise });
    const queryClient = renderHeader();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Status: Disponível' }));
    await user.click(screen.getByRole('menuitemradio', { name: /Offline/ }));
    await screen.findByRole('button', { name: /^Status: Offline/ });
    expect(applyPresenceEvent(queryClient, { event: 'UserDisconnected', user_id: 1 }, 1)).toBeNull();
    pending.resolve(answer('offline'));
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
  });
});
