import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, requestUrl, stubFetch, type RecordedCall } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { Instance } from '../api/get-instances';
import { InstancesPanel } from './InstancesPanel';

function instance(id: number, name: string, extra: Partial<Instance> = {}): Instance {
  return {
    id,
    name,
    activated: true,
    isOfficial: false,
    isUnlimited: false,
    status: 'disconnected',
    hasProvider: false,
    providerBaseUrl: null,
    providerKind: 'generic',
    cloud: null,
    lastSyncAt: null,
    ...extra,
  };
}

const sales = instance(4, 'WhatsApp Vendas', {
  hasProvider: true,
  providerBaseUrl: 'https://provedor.example',
  status: 'connected',
});

function job(status: string, fetched: number, inserted: number, error: string | null = null) {
  return {
    id: 11,
    instance_id: 4,
    status,
    days_ago: 7,
    unlimited: false,
    fetched,
    inserted,
    error,
    started_at: '2026-11-21T12:00:00Z',
    finished_at: null,
  };
}

/** GET /api/instance/syncMessages?instanceId= for an instance never synced. */
const neverSynced = () => json({ code: 'sync_not_found', message: 'Esta instância ainda não foi sincronizada.' }, 404);

describe('InstancesPanel', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['instances']);
  });

  it("lists another tenant's instances with tenantName, and creates one there", async () => {
    const user = userEvent.setup();
    const { fetchMock, callsTo } = stubFetch({
      'GET /api/instance': () => json([sales]),
      'GET /api/instance/syncMessages': neverSynced,
      'POST /api/instance': (call: RecordedCall) => json(instance(5, (call.body as { name: string }).name), 201),
    });
    renderWithProviders(<InstancesPanel tenantName="acme" />);
    const row = await screen.findByTestId('instance-row-4');
    expect(within(row).getByText('Conectada')).toBeInTheDocument();
    expect(within(row).getByText('https://provedor.example')).toBeInTheDocument();
    expect(requestUrl(fetchMock.mock.calls[0]?.[0])).toContain('tenantName=acme');
    // The latest sync of an instance with a provider, in the same tenant.
    await waitFor(() => expect(callsTo('GET /api/instance/syncMessages')).toHaveLength(1));
    const latest = fetchMock.mock.calls
      .map(([input]) => requestUrl(input))
      .find((url) => url.includes('/api/instance/syncMessages?'));
    expect(latest).toContain('instanceId=4');
    expect(latest).toContain('tenantName=acme');

    await user.click(screen.getByRole('button', { name: 'Nova instância' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova instância' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Suporte');
    await user.click(within(dialog).getByRole('switch', { name: /Oficial/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar instância' }));
    await waitFor(() => expect(callsTo('POST /api/instance')).toHaveLength(1));
    expect(callsTo('POST /api/instance')[0]?.body).toEqual({
      name: 'Suporte',
      tenantName: 'acme',
      isOfficial: true,
      isUnlimited: false,
    });
  });

  it('says when there are no instances', async () => {
    stubFetch({ 'GET /api/instance': () => json([]) });
    renderWithProviders(<InstancesPanel />);
    expect(await screen.findByText('Nenhuma instância')).toBeInTheDocument();
  });

  it('updates only what changed', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([sales]),
      'GET /api/instance/syncMessages': neverSynced,
      'POST /api/instance/update': () => json({ ...sales, activated: false }),
    });
    renderWithProviders(<InstancesPanel />);
    const row = await screen.findByTestId('instance-row-4');
    await user.click(within(row).getByRole('button', { name: 'Ações da instância WhatsApp Vendas' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar instância: WhatsApp Vendas' });
    await user.click(within(dialog).getByRole('switch', { name: /^Ativa/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('POST /api/instance/update')).toHaveLength(1));
    expect(callsTo('POST /api/instance/update')[0]?.body).toEqual({ id: 4, activated: false });
  });

  it('starts a message sync and shows its progress, polled until it ends', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([sales]),
      'GET /api/instance/syncMessages': neverSynced,
      'POST /api/instance/syncMessages': () => json(job('running', 0, 0), 202),
      'GET /api/instance/syncMessages/11': [() => json(job('running', 120, 80)), () => json(job('done', 250, 200))],
    });
    renderWithProviders(<InstancesPanel />);
    const row = await screen.findByTestId('instance-row-4');
    await user.click(within(row).getByRole('button', { name: 'Ações da instância WhatsApp Vendas' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sincronizar mensagens' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sincronizar mensagens: WhatsApp Vendas' });
    const days = within(dialog).getByRole('textbox', { name: 'Dias para trás' });
    await user.clear(days);
    await user.type(days, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Sincronizar' }));
    await waitFor(() => expect(callsTo('POST /api/instance/syncMessages')).toHaveLength(1));
    expect(callsTo('POST /api/instance/syncMessages')[0]?.body).toEqual({ id: 4, daysAgo: 7, unlimitedSync: false });
    expect(await within(dialog).findByText('Sincronizando… 120 mensagens lidas, 80 novas')).toBeInTheDocument();
    expect(await within(dialog).findByText('Sincronização concluída', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(within(dialog).getByText('250 mensagens lidas, 200 novas.')).toBeInTheDocument();
    // The row shows the result too, and polling stopped.
    const polls = callsTo('GET /api/instance/syncMessages/11').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(callsTo('GET /api/instance/syncMessages/11')).toHaveLength(polls);
    expect(
      within(screen.getByTestId('instance-row-4')).getByText('Sincronizada: 250 mensagens lidas, 200 novas'),
    ).toBeInTheDocument();
  }, 15_000);

  it('shows the reason of a failed sync, and refuses out-of-range days before sending', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([sales]),
      'GET /api/instance/syncMessages': neverSynced,
      'POST /api/instance/syncMessages': () => json(job('running', 0, 0), 202),
      'GET /api/instance/syncMessages/11': () =>
        json(job('failed', 10, 10, 'Erro no provedor da instância: HTTP 500.')),
    });
    renderWithProviders(<InstancesPanel />);
    const row = await screen.findByTestId('instance-row-4');
    await user.click(within(row).getByRole('button', { name: 'Ações da instância WhatsApp Vendas' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sincronizar mensagens' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sincronizar mensagens: WhatsApp Vendas' });
    const days = within(dialog).getByRole('textbox', { name: 'Dias para trás' });
    await user.clear(days);
    await user.click(within(dialog).getByRole('button', { name: 'Sincronizar' }));
    expect(await within(dialog).findByText('Informe de 1 a 3650 dias.')).toBeInTheDocument();
    expect(callsTo('POST /api/instance/syncMessages')).toHaveLength(0);
    await user.click(within(dialog).getByRole('switch', { name: /Todo o histórico/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Sincronizar' }));
    await waitFor(() =>
      expect(callsTo('POST /api/instance/syncMessages')[0]?.body).toEqual({ id: 4, daysAgo: 0, unlimitedSync: true }),
    );
    expect(await within(dialog).findByText('A sincronização falhou')).toBeInTheDocument();
    expect(within(dialog).getByText(/Erro no provedor da instância: HTTP 500\./)).toBeInTheDocument();
  });

  it('asks no sync for an instance without a provider', async () => {
    const { callsTo } = stubFetch({ 'GET /api/instance': () => json([instance(5, 'Sem provedor')]) });
    renderWithProviders(<InstancesPanel />);
    await screen.findByTestId('instance-row-5');
    expect(callsTo('GET /api/instance/syncMessages')).toHaveLength(0);
  });

  it('shows a sync still running from before in the row and the dialog, follows it, and offers no second start meanwhile', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([sales]),
      'GET /api/instance/syncMessages': () => json(job('running', 30, 20)),
      'GET /api/instance/syncMessages/11': [
        () => json(job('running', 60, 40)),
        () => json(job('running', 90, 50)),
        () => json(job('done', 120, 70)),
      ],
    });
    renderWithProviders(<InstancesPanel />);
    const row = await screen.findByTestId('instance-row-4');
    expect(await within(row).findByText(/^Sincronizando… /)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Ações da instância WhatsApp Vendas' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sincronizar mensagens' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sincronizar mensagens: WhatsApp Vendas' });
    expect(await within(dialog).findByText(/^Sincronizando… /)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sincronizar de novo' })).toBeDisabled();
    // The fields show what the running job was started with (7 days), not the defaults.
    expect(within(dialog).getByRole('textbox', { name: 'Dias para trás' })).toHaveValue('7');
    expect(await within(dialog).findByText('Sincronização concluída', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(dialog).getByText('120 mensagens lidas, 70 novas.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sincronizar de novo' })).toBeEnabled();
    expect(
      within(screen.getByTestId('instance-row-4')).getByText('Sincronizada: 120 mensagens lidas, 70 novas'),
    ).toBeInTheDocument();
    expect(callsTo('POST /api/instance/syncMessages')).toHaveLength(0);
    // The list is read again once the job ends (its last sync time changed).
    await waitFor(() => expect(callsTo('GET /api/instance').length).toBeGreaterThanOrEqual(2));
  }, 15_000);

  it('a finished latest sync is shown without polling it', async () => {
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([sales]),
      'GET /api/instance/syncMessages': () => json(job('done', 5, 5)),
    });
    renderWithProviders(<InstancesPanel />);
    const row = await screen.findByTestId('instance-row-4');
    expect(await within(row).findByText('Sincronizada: 5 mensagens lidas, 5 novas')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsTo('GET /api/instance/syncMessages/11')).toHaveLength(0);
    expect(callsTo('GET /api/instance')).toHaveLength(1);
  });

  it('when a sync started elsewhere answers 409 sync_running, reads the latest job again and follows it', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([sales]),
      'GET /api/instance/syncMessages': [neverSynced, neverSynced, () => json(job('running', 3, 3))],
      'POST /api/instance/syncMessages': () =>
        json({ code: 'sync_running', message: 'Já existe uma sincronização em andamento para esta instância.' }, 409),
      'GET /api/instance/syncMessages/11': () => json(job('running', 4, 4)),
    });
    renderWithProviders(<InstancesPanel />);
    const row = await screen.findByTestId('instance-row-4');
    await user.click(within(row).getByRole('button', { name: 'Ações da instância WhatsApp Vendas' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sincronizar mensagens' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sincronizar mensagens: WhatsApp Vendas' });
    await waitFor(() => expect(callsTo('GET /api/instance/syncMessages')).toHaveLength(2));
    await user.click(within(dialog).getByRole('button', { name: 'Sincronizar' }));
    await waitFor(() => expect(callsTo('POST /api/instance/syncMessages')).toHaveLength(1));
    expect(await within(dialog).findByText(/^Sincronizando… /)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Sincronizar de novo' })).toBeDisabled();
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Não foi possível sincronizar' }));
  }, 15_000);

  it('connects a number: the pairing code as a QR code', async () => {
    const user = userEvent.setup();
    const offline = { ...sales, status: 'disconnected' };
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([offline]),
      'GET /api/instance/syncMessages': () => json(null),
      'POST /api/instance/4/connect': () => json({ qrcode: '2@codigo-de-pareamento' }),
    });
    renderWithProviders(<InstancesPanel />);
    const row = await screen.findByTestId('instance-row-4');
    // Never synced (a `null` latest job): said so, and no 404 to log.
    expect(within(row).getByText('Nunca sincronizada')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Ações da instância WhatsApp Vendas' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Conectar número' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conectar número: WhatsApp Vendas' });
    await within(dialog).findByTitle('QR code para conectar o número');
    expect(within(dialog).getByTestId('pairing-code')).toHaveAttribute('data-code', '2@codigo-de-pareamento');
    expect(callsTo('POST /api/instance/4/connect')).toHaveLength(1);
  });

  it('offers to disconnect a connected number, after confirming', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([sales]),
      'GET /api/instance/syncMessages': neverSynced,
      'POST /api/instance/4/disconnect': () => new Response(null, { status: 204 }),
    });
    renderWithProviders(<InstancesPanel />);
    const row = await screen.findByTestId('instance-row-4');
    await user.click(within(row).getByRole('button', { name: 'Ações da instância WhatsApp Vendas' }));
    expect(screen.queryByRole('menuitem', { name: 'Conectar número' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Desconectar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Desconectar número' });
    await user.click(within(confirm).getByRole('button', { name: 'Desconectar' }));
    await waitFor(() => expect(callsTo('POST /api/instance/4/disconnect')).toHaveLength(1));
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Desconexão pedida' }));
  });

  // No console error, no error state per row: "no sync job" is "never synced".
  it('every row of an instance never synced says so, whether the server answers null or 404', async () => {
    const error = vi.spyOn(console, 'error');
    const other = instance(6, 'WhatsApp Suporte', { hasProvider: true, providerBaseUrl: 'https://outro.example' });
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([sales, other]),
      'GET /api/instance/syncMessages': [
        () => json(null),
        () => json({ code: 'sync_not_found', message: 'Sincronização não encontrada.' }, 404),
      ],
    });
    renderWithProviders(<InstancesPanel />);
    for (const id of [4, 6]) {
      const row = await screen.findByTestId(`instance-row-${id}`);
      await within(row).findByText('Nunca sincronizada');
    }
    await waitFor(() => expect(callsTo('GET /api/instance/syncMessages')).toHaveLength(2));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sync-progress')).not.toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
  });

  it('a running job the server no longer knows (404) is dropped, not polled every second', async () => {
    const error = vi.spyOn(console, 'error');
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([sales]),
      'GET /api/instance/syncMessages': () => json(job('running', 2, 1)),
      'GET /api/instance/syncMessages/11': () =>
        json({ code: 'sync_not_found', message: 'Sincronização não encontrada.' }, 404),
    });
    renderWithProviders(<InstancesPanel />);
    const row = await screen.findByTestId('instance-row-4');
    await waitFor(() => expect(callsTo('GET /api/instance/syncMessages/11').length).toBeGreaterThan(0));
    await waitFor(() => expect(within(row).queryByTestId('sync-progress')).not.toBeInTheDocument());
    expect(within(row).getByText('Nunca sincronizada')).toBeInTheDocument();
    const polls = callsTo('GET /api/instance/syncMessages/11').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(callsTo('GET /api/instance/syncMessages/11')).toHaveLength(polls);
    expect(screen.queryByText(/Não foi possível consultar o andamento/)).not.toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('InstancesPanel: WhatsApp Cloud API', () => {
  const official = instance(7, 'WhatsApp Oficial', {
    providerKind: 'cloud',
    hasProvider: true,
    isOfficial: true,
    status: 'disconnected',
    cloud: { phoneNumberId: '106540352242922', wabaId: '102290129340398', webhookPath: '/api/instance/7/cloud' },
  });

  const metaAnswer = {
    displayPhoneNumber: '+55 11 4000-1234',
    verifiedName: 'Loja Exemplo',
    qualityRating: 'GREEN',
    messagingLimit: 'TIER_1K',
  };

  async function openMenuOf(user: ReturnType<typeof userEvent.setup>, id: number, name: string) {
    const row = await screen.findByTestId(`instance-row-${id}`);
    await user.click(within(row).getByRole('button', { name: `Ações da instância ${name}` }));
    return row;
  }

  async function fillCloudFields(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, phoneNumberId: string) {
    await user.type(within(dialog).getByRole('textbox', { name: /^ID do número de telefone/ }), phoneNumberId);
    await user.type(
      within(dialog).getByRole('textbox', { name: /^ID da conta do WhatsApp Business/ }),
      '102290129340398',
    );
    await user.type(within(dialog).getByLabelText(/^Token de acesso/), 'EAAGtokenpermanente');
    await user.type(within(dialog).getByLabelText(/^Chave secreta do app/), 'app-secret-da-meta');
  }

  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['instances']);
  });

  it('creates a cloud instance: the five Meta fields, a generated verify token, official on, no generic provider', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([]),
      'POST /api/instance': () => json(official, 201),
    });
    renderWithProviders(<InstancesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Nova instância' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova instância' });
    const kind = within(dialog).getByRole('radiogroup', { name: 'Tipo de conexão' });
    expect(within(kind).getByRole('radio', { name: /Provedor genérico/ })).toBeChecked();
    await user.click(within(kind).getByRole('radio', { name: /WhatsApp oficial \(Cloud API\)/ }));
    // Picking the Cloud API turns "Oficial" on, and the generic provider's fields give way to Meta's.
    expect(within(dialog).getByRole('switch', { name: /Oficial/ })).toBeChecked();
    expect(within(dialog).queryByRole('textbox', { name: 'URL do provedor' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'WhatsApp Oficial');
    await fillCloudFields(user, dialog, ' 106540352242922 ');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar token de verificação' }));
    const verifyToken = within(dialog).getByRole('textbox', { name: /^Token de verificação do webhook/ });
    expect((verifyToken as HTMLInputElement).value).toMatch(/^[A-Za-z0-9]{32}$/);
    await user.click(within(dialog).getByRole('button', { name: 'Criar instância' }));
    await waitFor(() => expect(callsTo('POST /api/instance')).toHaveLength(1));
    expect(callsTo('POST /api/instance')[0]?.body).toEqual({
      name: 'WhatsApp Oficial',
      isOfficial: true,
      isUnlimited: false,
      providerKind: 'cloud',
      cloud: {
        phoneNumberId: '106540352242922',
        wabaId: '102290129340398',
        accessToken: 'EAAGtokenpermanente',
        appSecret: 'app-secret-da-meta',
        verifyToken: (verifyToken as HTMLInputElement).value,
      },
    });
  });

  it('refuses a phone number id that is not only digits, and missing secrets, before sending', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({ 'GET /api/instance': () => json([]) });
    renderWithProviders(<InstancesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Nova instância' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova instância' });
    await user.click(within(dialog).getByRole('radio', { name: /WhatsApp oficial/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'WhatsApp Oficial');
    await user.type(within(dialog).getByRole('textbox', { name: /^ID do número de telefone/ }), '+55 11 4000-1234');
    await user.click(within(dialog).getByRole('button', { name: 'Criar instância' }));
    expect(
      await within(dialog).findByText(
        'O ID do número de telefone deve ter apenas dígitos, como aparece no painel da Meta.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Informe o ID da conta do WhatsApp Business.')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe o token de acesso.')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe a chave secreta do app.')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe o token de verificação do webhook.')).toBeInTheDocument();
    expect(callsTo('POST /api/instance')).toHaveLength(0);
  });

  it("shows the server's cloud field errors next to their fields", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /api/instance': () => json([]),
      'POST /api/instance': () =>
        json(
          {
            code: 'unprocessable_entity',
            message: 'Dados inválidos.',
            errors: [{ field: 'cloud.accessToken', message: 'A Meta recusou o token de acesso.' }],
          },
          422,
        ),
    });
    renderWithProviders(<InstancesPanel />);
    await user.click(await screen.findByRole('button', { name: 'Nova instância' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova instância' });
    await user.click(within(dialog).getByRole('radio', { name: /WhatsApp oficial/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'WhatsApp Oficial');
    await fillCloudFields(user, dialog, '106540352242922');
    await user.type(within(dialog).getByRole('textbox', { name: /^Token de verificação do webhook/ }), 'meu-token');
    await user.click(within(dialog).getByRole('button', { name: 'Criar instância' }));
    expect(await within(dialog).findByText('A Meta recusou o token de acesso.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Token de acesso/)).toHaveAccessibleDescription(
      /A Meta recusou o token de acesso\./,
    );
  });

  it('edits a cloud instance: its secrets start empty and, left empty, are kept', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([official]),
      'POST /api/instance/update': () => json(official),
    });
    renderWithProviders(<InstancesPanel />);
    await openMenuOf(user, 7, 'WhatsApp Oficial');
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar instância: WhatsApp Oficial' });
    expect(within(dialog).getByRole('radio', { name: /WhatsApp oficial/ })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /^ID do número de telefone/ })).toHaveValue('106540352242922');
    const token = within(dialog).getByLabelText(/^Token de acesso/);
    expect(token).toHaveValue('');
    expect(token).toHaveAccessibleDescription(/Deixe em branco para manter o atual\./);
    const waba = within(dialog).getByRole('textbox', { name: /^ID da conta do WhatsApp Business/ });
    await user.clear(waba);
    await user.type(waba, '999');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('POST /api/instance/update')).toHaveLength(1));
    expect(callsTo('POST /api/instance/update')[0]?.body).toEqual({
      id: 7,
      providerKind: 'cloud',
      cloud: { phoneNumberId: '106540352242922', wabaId: '999' },
    });
  });

  it('lists a cloud instance with its kind and the webhook URL to copy, offering no Conectar nor Sincronizar', async () => {
    const user = userEvent.setup();
    const { fetchMock, callsTo } = stubFetch({
      'GET /api/instance': () => json([sales, official]),
      'GET /api/instance/syncMessages': neverSynced,
    });
    renderWithProviders(<InstancesPanel />);
    const row = await screen.findByTestId('instance-row-7');
    expect(within(row).getByText('Oficial (Cloud API)')).toBeInTheDocument();
    expect(within(screen.getByTestId('instance-row-4')).getByText('Genérico')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Webhook da Meta' }));
    const popover = await screen.findByRole('dialog', { name: 'Webhook da Meta' });
    const url = `${window.location.origin}/api/instance/7/cloud`;
    expect(within(popover).getByRole('textbox', { name: 'URL de retorno (webhook)' })).toHaveValue(url);
    expect(within(popover).getByText(/assine o campo messages/)).toBeInTheDocument();
    await user.click(within(popover).getByRole('button', { name: 'Copiar URL' }));
    expect(await within(popover).findByRole('button', { name: 'URL copiada' })).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(url);
    await user.keyboard('{Escape}');

    await openMenuOf(user, 7, 'WhatsApp Oficial');
    expect(await screen.findByRole('menuitem', { name: 'Testar conexão' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Conectar número' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Sincronizar mensagens' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Desconectar' })).toBeNull();
    // Never synced, and its latest sync is not asked: only the generic instance's is.
    expect(within(row).getByText('Não se aplica (Cloud API)')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET /api/instance/syncMessages')).toHaveLength(1));
    const asked = fetchMock.mock.calls
      .map(([input]) => requestUrl(input))
      .filter((url) => url.includes('/api/instance/syncMessages?'));
    expect(asked).toEqual([expect.stringContaining('instanceId=4')]);
  });

  it("Testar conexão shows Meta's answer, with the quality as a badge", async () => {
    const user = userEvent.setup();
    const { fetchMock, callsTo } = stubFetch({
      'GET /api/instance': () => json([official]),
      'POST /api/instance/7/test': () => json(metaAnswer),
    });
    renderWithProviders(<InstancesPanel tenantName="acme" />);
    await openMenuOf(user, 7, 'WhatsApp Oficial');
    await user.click(await screen.findByRole('menuitem', { name: 'Testar conexão' }));
    const dialog = await screen.findByRole('dialog', { name: 'Testar conexão: WhatsApp Oficial' });
    const result = await within(dialog).findByTestId('connection-test-result');
    expect(within(result).getByText('+55 11 4000-1234')).toBeInTheDocument();
    expect(within(result).getByText('Loja Exemplo')).toBeInTheDocument();
    expect(within(result).getByTestId('quality-rating')).toHaveTextContent('Qualidade alta');
    expect(within(result).getByText('1.000 conversas iniciadas pela empresa a cada 24 horas')).toBeInTheDocument();
    expect(callsTo('POST /api/instance/7/test')).toHaveLength(1);
    const url = fetchMock.mock.calls.map(([input]) => requestUrl(input)).find((u) => u.includes('/test'));
    expect(url).toContain('tenantName=acme');
  });

  it('Sincronizar modelos asks Meta for the templates and says how many came', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([official]),
      'POST /api/instance/7/templates/sync': () => json({ synced: 3, templates: [] }),
    });
    renderWithProviders(<InstancesPanel tenantName="acme" />);
    await openMenuOf(user, 7, 'WhatsApp Oficial');
    await user.click(await screen.findByRole('menuitem', { name: 'Sincronizar modelos' }));
    await vi.waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Modelos sincronizados', message: 'WhatsApp Oficial: 3 modelos da Meta.' }),
      ),
    );
    expect(callsTo('POST /api/instance/7/templates/sync')).toHaveLength(1);
  });

  it('a 422 from the test shows its message, and testing again shows the new answer', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([official]),
      'POST /api/instance/7/test': [
        () =>
          json(
            {
              code: 'provider_error',
              message: 'Erro no provedor da instância: Invalid OAuth access token.',
            },
            422,
          ),
        () => json({ ...metaAnswer, qualityRating: 'YELLOW', messagingLimit: null }),
      ],
    });
    renderWithProviders(<InstancesPanel />);
    await openMenuOf(user, 7, 'WhatsApp Oficial');
    await user.click(await screen.findByRole('menuitem', { name: 'Testar conexão' }));
    const dialog = await screen.findByRole('dialog', { name: 'Testar conexão: WhatsApp Oficial' });
    const failure = await within(dialog).findByRole('alert');
    expect(failure).toHaveTextContent('Erro no provedor da instância: Invalid OAuth access token.');
    await user.click(within(dialog).getByRole('button', { name: 'Testar de novo' }));
    expect(await within(dialog).findByTestId('quality-rating')).toHaveTextContent('Qualidade média');
    expect(within(dialog).queryByText(/Limite de mensagens/)).toBeNull();
    expect(callsTo('POST /api/instance/7/test')).toHaveLength(2);
  });
});

describe('InstancesPanel: Evolution API gateway', () => {
  const gateway = instance(9, 'WhatsApp Loja', {
    providerKind: 'evolution',
    hasProvider: true,
    status: 'connected',
    evolution: { baseUrl: 'https://evolution.loja.com.br', instanceName: 'loja-centro', keepGroups: false },
  });

  async function openNewEvolutionForm(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Nova instância' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova instância' });
    await user.click(within(dialog).getByRole('radio', { name: /Gateway Evolution \(QR code\)/ }));
    return dialog;
  }

  async function fillEvolutionFields(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
    await user.type(within(dialog).getByRole('textbox', { name: /^Nome(?! da instância)/ }), 'WhatsApp Loja');
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Endereço do gateway/ }),
      'https://evolution.loja.com.br',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Nome da instância no gateway/ }), name);
    await user.type(within(dialog).getByLabelText(/^Chave de API/), 'chave-do-gateway');
  }

  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['instances']);
  });

  it('creates an evolution instance: the gateway address, instance name and API key, unofficial, no generic provider nor cloud', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([]),
      'POST /api/instance': () => json(gateway, 201),
    });
    renderWithProviders(<InstancesPanel />);
    const dialog = await openNewEvolutionForm(user);
    // An unofficial number: "Oficial" stays off, and the generic provider's fields give way to the gateway's.
    expect(within(dialog).getByRole('switch', { name: /Oficial/ })).not.toBeChecked();
    expect(within(dialog).queryByRole('textbox', { name: 'URL do provedor' })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: /^Endereço do gateway/ })).toHaveAccessibleDescription(
      'O endereço da sua Evolution API v2, ex.: https://evolution.suaempresa.com.br',
    );
    expect(within(dialog).getByRole('textbox', { name: /^Nome da instância no gateway/ })).toHaveAccessibleDescription(
      'Letras, números, - e _; a instância é criada no gateway ao conectar.',
    );
    expect(within(dialog).getByLabelText(/^Chave de API/)).toHaveAccessibleDescription(
      'A AUTHENTICATION_API_KEY do gateway.',
    );
    await fillEvolutionFields(user, dialog, 'loja-centro');
    await user.click(within(dialog).getByRole('button', { name: 'Criar instância' }));
    await waitFor(() => expect(callsTo('POST /api/instance')).toHaveLength(1));
    const body = callsTo('POST /api/instance')[0]?.body;
    expect(body).toEqual({
      name: 'WhatsApp Loja',
      isOfficial: false,
      isUnlimited: false,
      providerKind: 'evolution',
      evolution: {
        baseUrl: 'https://evolution.loja.com.br',
        instanceName: 'loja-centro',
        apiKey: 'chave-do-gateway',
        keepGroups: false,
      },
    });
    expect(body).not.toHaveProperty('providerBaseUrl');
    expect(body).not.toHaveProperty('cloud');
  });

  it('refuses an instance name the gateway would not take, before sending', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([]),
      'POST /api/instance': () => json(gateway, 201),
    });
    renderWithProviders(<InstancesPanel />);
    const dialog = await openNewEvolutionForm(user);
    await fillEvolutionFields(user, dialog, 'loja centro');
    await user.click(within(dialog).getByRole('button', { name: 'Criar instância' }));
    const field = within(dialog).getByRole('textbox', { name: /^Nome da instância no gateway/ });
    expect(
      await within(dialog).findByText('Use apenas letras (sem acento), números, - e _, até 64 caracteres.'),
    ).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(/Use apenas letras \(sem acento\), números, - e _, até 64 caracteres\./);
    expect(callsTo('POST /api/instance')).toHaveLength(0);
    // Fixed, it goes.
    await user.clear(field);
    await user.type(field, 'loja_centro-2');
    await user.click(within(dialog).getByRole('button', { name: 'Criar instância' }));
    await waitFor(() => expect(callsTo('POST /api/instance')).toHaveLength(1));
    expect(callsTo('POST /api/instance')[0]?.body).toMatchObject({ evolution: { instanceName: 'loja_centro-2' } });
  });

  it("shows the server's gateway field errors next to their fields", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /api/instance': () => json([]),
      'POST /api/instance': [
        () =>
          json(
            {
              code: 'invalid_evolution',
              message: 'Verifique os dados do gateway Evolution.',
              errors: [
                { field: 'evolution.baseUrl', message: 'O endereço do provedor deve usar HTTPS.' },
                { field: 'evolution.apiKey', message: 'A chave de API tem no máximo 512 caracteres.' },
              ],
            },
            422,
          ),
        () =>
          json(
            {
              code: 'evolution_instance_taken',
              message: 'Esta instância do gateway já está ligada à instância "WhatsApp Vendas".',
              errors: [
                {
                  field: 'evolution.instanceName',
                  message: 'Esta instância do gateway já está ligada à instância "WhatsApp Vendas".',
                },
              ],
            },
            422,
          ),
      ],
    });
    renderWithProviders(<InstancesPanel />);
    const dialog = await openNewEvolutionForm(user);
    await fillEvolutionFields(user, dialog, 'loja-centro');
    await user.click(within(dialog).getByRole('button', { name: 'Criar instância' }));
    expect(await within(dialog).findByText('O endereço do provedor deve usar HTTPS.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Endereço do gateway/ })).toHaveAccessibleDescription(
      /O endereço do provedor deve usar HTTPS\./,
    );
    expect(within(dialog).getByLabelText(/^Chave de API/)).toHaveAccessibleDescription(
      /A chave de API tem no máximo 512 caracteres\./,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Criar instância' }));
    expect(
      await within(dialog).findByText('Esta instância do gateway já está ligada à instância "WhatsApp Vendas".'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Nome da instância no gateway/ })).toHaveAccessibleDescription(
      /Esta instância do gateway já está ligada à instância "WhatsApp Vendas"\./,
    );
    expect(screen.getByRole('dialog', { name: 'Nova instância' })).toBeInTheDocument();
  });

  it('edits an evolution instance: the key starts empty and, left empty, is kept', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([gateway]),
      'POST /api/instance/update': () => json(gateway),
    });
    renderWithProviders(<InstancesPanel />);
    const row = await screen.findByTestId('instance-row-9');
    await user.click(within(row).getByRole('button', { name: 'Ações da instância WhatsApp Loja' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar instância: WhatsApp Loja' });
    expect(within(dialog).getByRole('radio', { name: /Gateway Evolution/ })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /^Endereço do gateway/ })).toHaveValue(
      'https://evolution.loja.com.br',
    );
    const key = within(dialog).getByLabelText(/^Chave de API/);
    expect(key).toHaveValue('');
    expect(key).not.toBeRequired();
    expect(key).toHaveAccessibleDescription(/Deixe em branco para manter a atual\./);
    const name = within(dialog).getByRole('textbox', { name: /^Nome da instância no gateway/ });
    await user.clear(name);
    await user.type(name, 'loja-sul');
    await user.click(within(dialog).getByRole('checkbox', { name: /Receber mensagens de grupos/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('POST /api/instance/update')).toHaveLength(1));
    expect(callsTo('POST /api/instance/update')[0]?.body).toEqual({
      id: 9,
      providerKind: 'evolution',
      evolution: { baseUrl: 'https://evolution.loja.com.br', instanceName: 'loja-sul', keepGroups: true },
    });
  });

  it('lists an evolution instance with its kind, gateway instance and address, offering Desconectar but no Testar nor Sincronizar', async () => {
    const user = userEvent.setup();
    const { fetchMock, callsTo } = stubFetch({
      'GET /api/instance': () => json([sales, gateway]),
      'GET /api/instance/syncMessages': neverSynced,
    });
    renderWithProviders(<InstancesPanel />);
    const row = await screen.findByTestId('instance-row-9');
    expect(within(row).getByText('Gateway Evolution')).toBeInTheDocument();
    expect(within(row).getByText('Instância: loja-centro')).toBeInTheDocument();
    expect(within(row).getByText('https://evolution.loja.com.br')).toBeInTheDocument();
    expect(within(row).getByText('Não se aplica (Gateway Evolution)')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Ações da instância WhatsApp Loja' }));
    expect(await screen.findByRole('menuitem', { name: 'Desconectar' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Testar conexão' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Sincronizar mensagens' })).toBeNull();
    // Its latest sync is not asked: only the generic instance's is.
    await waitFor(() => expect(callsTo('GET /api/instance/syncMessages')).toHaveLength(1));
    const asked = fetchMock.mock.calls
      .map(([input]) => requestUrl(input))
      .filter((url) => url.includes('/api/instance/syncMessages?'));
    expect(asked).toEqual([expect.stringContaining('instanceId=4')]);
  });

  it('offers Conectar número for a disconnected evolution instance', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([{ ...gateway, status: 'disconnected' }]),
      'POST /api/instance/9/connect': () => json({ qrcode: '2@codigo-do-gateway' }),
    });
    renderWithProviders(<InstancesPanel />);
    const row = await screen.findByTestId('instance-row-9');
    await user.click(within(row).getByRole('button', { name: 'Ações da instância WhatsApp Loja' }));
    expect(screen.queryByRole('menuitem', { name: 'Desconectar' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Conectar número' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conectar número: WhatsApp Loja' });
    await within(dialog).findByTitle('QR code para conectar o número');
    expect(within(dialog).getByText('O código é renovado a cada 20 s.')).toBeInTheDocument();
    expect(callsTo('POST /api/instance/9/connect')).toHaveLength(1);
  });
});
