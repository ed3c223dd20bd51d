import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, logIn, requestUrl, stubFetch } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { Tenant } from '../api/get-tenants';
import { TenantCampaignWebhooksModal } from './TenantCampaignWebhooksModal';

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

const PATH = '/api/tenant/generate-campaign-status-webhook';

function params(fetchMock: ReturnType<typeof stubFetch>['fetchMock']): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
    .filter((url) => url.pathname === PATH)
    .map((url) => Object.fromEntries(url.searchParams));
}

/** Picks a status (the list stays open after a pick). */
async function pick(user: ReturnType<typeof userEvent.setup>, label: string) {
  if (!screen.queryByRole('option', { name: label }))
    await user.click(screen.getByRole('combobox', { name: /Status/ }));
  await user.click(screen.getByRole('option', { name: label }));
}

describe('TenantCampaignWebhooksModal', { timeout: 20_000 }, () => {
  beforeEach(() => logIn(['tenants']));

  it('sends one call per status, all at once, and shows how many each queued', async () => {
    const user = userEvent.setup();
    const resolvers: (() => void)[] = [];
    const { fetchMock } = stubFetch({
      [`GET ${PATH}`]: (call) => {
        void call;
        const type = new URL(requestUrl(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost').searchParams.get('type');
        const queued: Record<string, number> = { delivered: 1204, read: 1, failed: 0 };
        // Each answer waits until every call has been made: they run in parallel.
        return new Promise<Response>((resolve) => resolvers.push(() => resolve(json({ queued: queued[type ?? ''] }))));
      },
    });
    renderWithProviders(<TenantCampaignWebhooksModal tenant={ACME} onClose={() => {}} />);
    await screen.findByRole('dialog', { name: 'Gerar webhooks de status de campanha: acme' });
    await user.type(screen.getByLabelText(/^De/), '01/11/2026');
    await user.type(screen.getByLabelText(/^Até/), '30/11/2026');
    await pick(user, 'Falhou');
    await pick(user, 'Entregue');
    await pick(user, 'Lida');
    await user.click(screen.getByRole('button', { name: 'Gerar webhooks' }));

    await waitFor(() => expect(resolvers).toHaveLength(3));
    for (const resolve of resolvers) resolve();
    const counts = await screen.findByTestId('generated-counts');
    expect(counts).toHaveTextContent('1.205 eventos enfileirados');
    const rows = within(counts).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Entregue1.204 na fila', 'Lida1 na fila', 'Falhou0 na fila']);
    expect(params(fetchMock)).toEqual(
      ['delivered', 'read', 'failed'].map((type) => ({
        tenantName: 'acme',
        startAt: '2026-11-01',
        finishAt: '2026-11-30',
        type,
      })),
    );
  });

  it('a status that fails says why, the others keep their counts', async () => {
    const user = userEvent.setup();
    const { fetchMock } = stubFetch({
      [`GET ${PATH}`]: [
        () => json({ queued: 7 }),
        () => json({ code: 'tenant_not_found', message: 'Tenant não encontrado.' }, 404),
      ],
    });
    renderWithProviders(<TenantCampaignWebhooksModal tenant={ACME} onClose={() => {}} />);
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Gerar webhooks' }));
    expect(await screen.findByText('Informe a data inicial.')).toBeInTheDocument();
    expect(screen.getByText('Escolha ao menos um status.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^De/), '01/11/2026');
    await user.type(screen.getByLabelText(/^Até/), '30/11/2026');
    await pick(user, 'Na fila');
    await pick(user, 'Respondida');
    await user.click(screen.getByRole('button', { name: 'Gerar webhooks' }));
    const counts = await screen.findByTestId('generated-counts');
    expect(counts).toHaveTextContent('7 eventos enfileirados · 1 status falhou');
    expect(counts).toHaveTextContent('Na fila7 na fila');
    expect(counts).toHaveTextContent('RespondidaFalhou: Tenant não encontrado.');
  });
});
