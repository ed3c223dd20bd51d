import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, requestUrl, stubFetch } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { Tenant } from '../api/get-tenants';
import { TenantSyncAnalyticsModal } from './TenantSyncAnalyticsModal';

const ACME: Tenant = {
  id: 2,
  name: 'acme',
  cnpj: null,
  features: [],
  template: 'default',
  pool: 'default',
  userLimit: 25,
  plan: 'pro',
  ticketLimit: 10000,
  mediaLimitMb: 10240,
  deleted_at: null,
  created_at: '2026-11-21T12:00:00Z',
};

const RESULT = {
  tenantName: 'acme',
  from: '2026-11-01',
  to: '2026-11-30',
  forced: true,
  days: 30,
  rows: 1284,
  startedAt: '2026-11-25T14:00:00Z',
  finishedAt: '2026-11-25T14:00:02Z',
  elapsedMs: 2350,
};

function query(fetchMock: ReturnType<typeof stubFetch>['fetchMock']) {
  const url = new URL(requestUrl(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
}

describe('TenantSyncAnalyticsModal', () => {
  beforeEach(() => logIn(['tenants']));

  it('asks for the range, forced, and shows what the run did', async () => {
    const user = userEvent.setup();
    const { fetchMock } = stubFetch({ 'GET /api/tenant/syncAnalytics': () => json(RESULT) });
    renderWithProviders(<TenantSyncAnalyticsModal tenant={ACME} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Sincronizar analytics: acme' });
    expect(dialog).toBeInTheDocument();
    await user.type(screen.getByLabelText('De'), '01/11/2026');
    await user.type(screen.getByLabelText('Até'), '30/11/2026');
    await user.click(screen.getByRole('switch', { name: /Forçar recálculo/ }));
    await user.click(screen.getByRole('button', { name: 'Sincronizar' }));

    expect(await screen.findByText(/30 dias recalculados, 1\.284 linhas gravadas em 2,4 s/)).toBeInTheDocument();
    expect(screen.getByText(/recálculo forçado/)).toBeInTheDocument();
    expect(query(fetchMock)).toEqual({
      path: '/api/tenant/syncAnalytics',
      params: { tenantName: 'acme', fromDate: '2026-11-01', toDate: '2026-11-30', forceUpdate: 'true' },
    });
  });

  it('without dates syncs every day with data, incrementally', async () => {
    const user = userEvent.setup();
    const { fetchMock } = stubFetch({ 'GET /api/tenant/syncAnalytics': () => json({ ...RESULT, forced: false }) });
    renderWithProviders(<TenantSyncAnalyticsModal tenant={ACME} onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Sincronizar' }));
    await screen.findByText(/dias recalculados/);
    expect(query(fetchMock).params).toEqual({ tenantName: 'acme', forceUpdate: 'false' });
  });

  it('refuses half a range, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const { fetchMock } = stubFetch({
      'GET /api/tenant/syncAnalytics': () =>
        json({ code: 'invalid_period', message: 'O período pode ter no máximo 366 dias.', errors: [] }, 422),
    });
    renderWithProviders(<TenantSyncAnalyticsModal tenant={ACME} onClose={() => {}} />);
    await user.type(await screen.findByLabelText('De'), '01/11/2026');
    await user.click(screen.getByRole('button', { name: 'Sincronizar' }));
    expect(await screen.findByText(/Informe as duas datas/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Até'), '30/11/2026');
    await user.click(screen.getByRole('button', { name: 'Sincronizar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('O período pode ter no máximo 366 dias.');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    vi.unstubAllGlobals();
  });
});
