import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch, type RecordedCall } from '../../../testing/fixtures';
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
    lastSyncAt: null,
    ...extra,
  };
}

const sales = instance(4, 'WhatsApp Vendas', { hasProvider: true, providerBaseUrl: 'https://provedor.example', status: 'connected' });

function job(status: string, fetched: number, inserted: number, error: string | null = null) {
  return { id: 11, instance_id: 4, status, days_ago: 7, unlimited: false, fetched, inserted, error, started_at: '2026-11-21T12:00:00Z', finished_at: null };
}

describe('InstancesPanel', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['instances']);
  });

  it("lists another tenant's instances with tenantName, and creates one there", async () => {
    const user = userEvent.setup();
    const { fetchMock, callsTo } = stubFetch({
      'GET /api/instance': () => json([sales]),
      'POST /api/instance': (call: RecordedCall) => json(instance(5, (call.body as { name: string }).name), 201),
    });
    renderWithProviders(<InstancesPanel tenantName="acme" />);
    const row = await screen.findByTestId('instance-row-4');
    expect(within(row).getByText('Conectada')).toBeInTheDocument();
    expect(within(row).getByText('https://provedor.example')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('tenantName=acme');

    await user.click(screen.getByRole('button', { name: 'Nova instância' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova instância' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Nome/ }), 'Suporte');
    await user.click(within(dialog).getByRole('switch', { name: /Oficial/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar instância' }));
    await waitFor(() => expect(callsTo('POST /api/instance')).toHaveLength(1));
    expect(callsTo('POST /api/instance')[0]?.body).toEqual({ name: 'Suporte', tenantName: 'acme', isOfficial: true, isUnlimited: false });
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
    expect(within(screen.getByTestId('instance-row-4')).getByText('Sincronizada: 250 mensagens lidas, 200 novas')).toBeInTheDocument();
  }, 15_000);

  it('shows the reason of a failed sync, and refuses out-of-range days before sending', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/instance': () => json([sales]),
      'POST /api/instance/syncMessages': () => json(job('running', 0, 0), 202),
      'GET /api/instance/syncMessages/11': () => json(job('failed', 10, 10, 'Erro no provedor da instância: HTTP 500.')),
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
    await waitFor(() => expect(callsTo('POST /api/instance/syncMessages')[0]?.body).toEqual({ id: 4, daysAgo: 0, unlimitedSync: true }));
    expect(await within(dialog).findByText('A sincronização falhou')).toBeInTheDocument();
    expect(within(dialog).getByText(/Erro no provedor da instância: HTTP 500\./)).toBeInTheDocument();
  });
});
