import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { presetPeriod, today } from '../../../lib/period';
import { json, logIn, requestUrl, stubFetch } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { Tenant } from '../api/get-tenants';
import { TenantsPanel } from './TenantsPanel';

const FEATURES = ['campaigns', 'chatbot', 'analytics', 'reports', 'two_factor', 'webhooks'];

function tenant(id: number, name: string, off: string[] = []): Tenant {
  return {
    id,
    name,
    cnpj: null,
    features: FEATURES.map((option) => ({ option, enabled: !off.includes(option) })),
    template: 'default',
    pool: 'default',
    userLimit: 5,
    plan: 'basic',
    ticketLimit: 1000,
    mediaLimitMb: 2048,
    deleted_at: null,
    created_at: '2026-11-21T12:00:00Z',
  };
}

const acme = tenant(7, 'acme');
const globex = tenant(9, 'globex', ['reports']);
const XLSX = () =>
  new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
    headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  });

function routesOf(tenants: Tenant[]) {
  return {
    'GET /api/tenant/plans': () => json({ plans: [], features: [] }),
    'POST /api/tenant/paginated': () =>
      json({ data: tenants, pagination: { page: 1, limit: 4, total: tenants.length, pages: 1 } }),
    'GET /api/instance': () => json([{ id: 31, name: 'WhatsApp Loja', activated: true }]),
  };
}

/** The query of every sheet request made, by sheet. */
function sheetQueries(fetchMock: ReturnType<typeof stubFetch>['fetchMock']) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
    .filter((url) => url.pathname.startsWith('/api/tenant/sheets/'))
    .map((url) => ({ kind: url.pathname.split('/').at(-1), query: Object.fromEntries(url.searchParams) }));
}

async function openSheets(name: string) {
  const user = userEvent.setup();
  const row = await screen.findByTestId(`tenant-row-${name}`);
  await user.click(within(row).getByRole('button', { name: `Ações do tenant ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Baixar planilhas' }));
  return { user, dialog: await screen.findByRole('dialog', { name: `Baixar planilhas: ${name}` }) };
}

// The specification's §2: the tenants screen downloads sheets (docs/analytics.md#sheets).
describe('"Baixar planilhas" on the tenants screen', () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:planilha', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    logIn(['tenants']);
  });

  it('downloads each sheet for the tenant: tenantName on three, tenancyId on the reasons (as the spec writes them)', async () => {
    const { fetchMock, callsTo } = stubFetch({
      ...routesOf([acme]),
      'GET /api/tenant/sheets/orders': XLSX,
      'GET /api/tenant/sheets/attendances': XLSX,
      'GET /api/tenant/sheets/instance_logs': XLSX,
      'GET /api/tenant/sheets/reasons': XLSX,
    });
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    const { user, dialog } = await openSheets('acme');
    const { from, to } = presetPeriod('30d', today());

    // The four sheets, each its own card, the default period (the last 30 days) in DD/MM/AAAA.
    for (const name of ['Pedidos', 'Atendimentos', 'Registros das instâncias', 'Motivos de encerramento']) {
      expect(within(dialog).getByRole('region', { name })).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('textbox', { name: 'De' })).toHaveValue(from.split('-').reverse().join('/'));
    expect(within(dialog).getByRole('textbox', { name: 'Até' })).toHaveValue(to.split('-').reverse().join('/'));

    // The attendances sheet's instances are the tenant's (GET /api/instance?tenantName=acme).
    const attendances = within(within(dialog).getByRole('region', { name: 'Atendimentos' }));
    await user.click(attendances.getByRole('combobox', { name: 'Instância' }));
    await user.click(await screen.findByRole('option', { name: 'WhatsApp Loja' }));
    await user.click(attendances.getByRole('switch', { name: /Estimar/ }));
    const instanceCall = fetchMock.mock.calls.find(([input]) => requestUrl(input).includes('/api/instance'));
    expect(new URL(requestUrl(instanceCall?.[0]), 'http://localhost').searchParams.get('tenantName')).toBe('acme');

    for (const name of ['Pedidos', 'Atendimentos', 'Registros das instâncias', 'Motivos de encerramento']) {
      await user.click(
        within(within(dialog).getByRole('region', { name })).getByRole('button', { name: 'Baixar xlsx' }),
      );
    }
    await waitFor(() => expect(sheetQueries(fetchMock)).toHaveLength(4));
    expect(sheetQueries(fetchMock)).toEqual([
      { kind: 'orders', query: { startAt: from, finishAt: to, tenantName: 'acme' } },
      {
        kind: 'attendances',
        query: { startAt: from, finishAt: to, tenantName: 'acme', websiteId: '31', estimation: 'true' },
      },
      { kind: 'instance_logs', query: { startAt: from, finishAt: to, tenantName: 'acme' } },
      { kind: 'reasons', query: { startAt: from, finishAt: to, tenancyId: '7' } },
    ]);
    // No call lists another tenant's closing reasons: the reasons sheet covers them all, and says so.
    expect(
      within(within(dialog).getByRole('region', { name: 'Motivos de encerramento' })).getByText(/Todos os motivos/),
    ).toBeInTheDocument();
    expect(callsTo('GET /api/closing-reasons')).toHaveLength(0);
  });

  it('a period typed as DD/MM/AAAA goes to the server as YYYY-MM-DD; a reversed one is refused before asking', async () => {
    const { fetchMock } = stubFetch({ ...routesOf([acme]), 'GET /api/tenant/sheets/orders': XLSX });
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    const { user, dialog } = await openSheets('acme');
    const from = within(dialog).getByRole('textbox', { name: 'De' });
    const to = within(dialog).getByRole('textbox', { name: 'Até' });
    fireEvent.change(from, { target: { value: '01/11/2025' } });
    fireEvent.blur(from);
    fireEvent.change(to, { target: { value: '31/10/2025' } });
    fireEvent.blur(to);
    expect(await within(dialog).findByText('A data final é anterior à inicial.')).toBeInTheDocument();
    const orders = within(within(dialog).getByRole('region', { name: 'Pedidos' }));
    expect(orders.getByRole('button', { name: 'Baixar xlsx' })).toBeDisabled();

    fireEvent.change(to, { target: { value: '30/11/2025' } });
    fireEvent.blur(to);
    await waitFor(() => expect(orders.getByRole('button', { name: 'Baixar xlsx' })).toBeEnabled());
    expect(to).toHaveValue('30/11/2025');
    await user.click(orders.getByRole('button', { name: 'Baixar xlsx' }));
    await waitFor(() =>
      expect(sheetQueries(fetchMock)).toEqual([
        { kind: 'orders', query: { startAt: '2025-11-01', finishAt: '2025-11-30', tenantName: 'acme' } },
      ]),
    );
  });

  it('a tenant with "Relatórios" off is told so, and nothing is asked', async () => {
    const { fetchMock } = stubFetch(routesOf([globex]));
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    const { dialog } = await openSheets('globex');
    expect(within(dialog).getByText('Relatórios desligados')).toBeInTheDocument();
    for (const button of within(dialog).getAllByRole('button', { name: 'Baixar xlsx' })) expect(button).toBeDisabled();
    expect(sheetQueries(fetchMock)).toHaveLength(0);
  });

  it('the server refusing a sheet shows its pt_BR message in the dialog', async () => {
    stubFetch({
      ...routesOf([acme]),
      'GET /api/tenant/sheets/orders': () => json({ code: 'tenant_not_found', message: 'Tenant não encontrado.' }, 404),
    });
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    const { user, dialog } = await openSheets('acme');
    await user.click(
      within(within(dialog).getByRole('region', { name: 'Pedidos' })).getByRole('button', { name: 'Baixar xlsx' }),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Tenant não encontrado.');
  });

  it('is not offered for a deleted tenant', async () => {
    const user = userEvent.setup();
    stubFetch(routesOf([{ ...acme, deleted_at: '2026-11-20T10:00:00Z' }]));
    renderWithProviders(<TenantsPanel renderInstances={() => null} />);
    const row = await screen.findByTestId('tenant-row-acme');
    await user.click(within(row).getByRole('button', { name: 'Ações do tenant acme' }));
    await screen.findByRole('menuitem', { name: 'Restaurar' });
    expect(screen.queryByRole('menuitem', { name: 'Baixar planilhas' })).not.toBeInTheDocument();
  });
});
