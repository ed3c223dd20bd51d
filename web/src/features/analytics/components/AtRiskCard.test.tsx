import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Sla } from '../../../lib/sla';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import type { AtRiskTicket } from '../api/schemas';
import { AtRiskCard } from './AtRiskCard';

// 12:00 in São Paulo.
const NOW = new Date('2026-12-07T15:00:00Z');
const MIN = 60_000;

function at(ms: number): string {
  return new Date(NOW.getTime() + ms).toISOString();
}

function sla(extra: Partial<Sla>): Sla {
  return { state: 'at_risk', responseDueAt: null, responded: false, resolutionDueAt: null, paused: false, ...extra };
}

/** A ticket as `GET /api/dashboard/control-panel/at-risk` answers it (the inbox's ticket view). */
function atRisk(id: number, extra: Partial<AtRiskTicket> & Record<string, unknown> = {}): AtRiskTicket {
  return {
    id,
    protocol: `20261207P${id}`,
    status: 'pending',
    customer: { id: 100 + id, name: `Cliente ${id}`, phone: '+5511988887777' },
    assignedUser: null,
    department: null,
    sla: sla({ responseDueAt: at(5 * MIN + 20_000) }),
    ...extra,
  };
}

function open() {
  return renderRoutes(
    [
      { path: '/dashboard/control-panel', element: <AtRiskCard /> },
      { path: '/', element: <p>Inbox aberta</p> },
    ],
    '/dashboard/control-panel',
  );
}

describe('AtRiskCard: "Prestes a estourar"', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    logIn(['dashboard-control-panel']);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists each ticket: customer, protocol, department, who holds it, its state in words and the deadline', async () => {
    stubFetch({
      'GET /api/dashboard/control-panel/at-risk': () =>
        json([
          atRisk(12, {
            status: 'open',
            assignedUser: { id: 4, name: 'Ana Souza' },
            department: { id: 3, name: 'Financeiro' },
            sla: sla({ state: 'breached', responseDueAt: at(-3 * MIN - 5_000) }),
            // The rest of the ticket view is read past.
            instance: { id: 1, name: 'WhatsApp Loja' },
            tags: [],
          }),
          atRisk(13),
        ]),
    });
    open();
    const region = await screen.findByRole('region', { name: 'Prestes a estourar' });
    expect(region).toHaveTextContent('passaram de 80% do prazo');
    const breached = await within(region).findByTestId('at-risk-12');
    expect(breached).toHaveAttribute('data-state', 'breached');
    expect(within(breached).getByRole('link', { name: 'Abrir conversa com Cliente 12' })).toHaveAttribute(
      'href',
      '/?ticket=12',
    );
    expect(breached).toHaveTextContent('Protocolo 20261207P12 · Financeiro · Com Ana Souza');
    expect(breached).toHaveTextContent('SLA: SLA estourado');
    expect(breached).toHaveTextContent('Resposta estourou há 3 min');

    const risky = within(region).getByTestId('at-risk-13');
    expect(risky).toHaveTextContent('Protocolo 20261207P13 · Sem departamento · Na fila');
    expect(risky).toHaveTextContent('SLA: Em risco');
    expect(risky).toHaveTextContent('Resposta vence em 5 min');
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.dataset.testid),
    ).toEqual(['at-risk-12', 'at-risk-13']);
  });

  it('the relative deadline moves on by itself', async () => {
    stubFetch({ 'GET /api/dashboard/control-panel/at-risk': () => json([atRisk(13)]) });
    open();
    const row = await screen.findByTestId('at-risk-13');
    expect(row).toHaveTextContent('vence em 5 min');
    await act(() => vi.advanceTimersByTimeAsync(6 * MIN));
    await waitFor(() => expect(row).toHaveTextContent('Resposta estourou agora'));
  });

  it('a resolution at risk tells the resolution’s deadline', async () => {
    stubFetch({
      'GET /api/dashboard/control-panel/at-risk': () =>
        json([
          atRisk(14, { sla: sla({ responded: true, responseDueAt: at(-MIN), resolutionDueAt: at(2 * 60 * MIN) }) }),
        ]),
    });
    open();
    expect(await screen.findByTestId('at-risk-14')).toHaveTextContent('Resolução vence em 2 h');
  });

  it('breached by the server’s word while this browser’s clock is a little behind: "estourou agora", never "vence em"', async () => {
    stubFetch({
      'GET /api/dashboard/control-panel/at-risk': () =>
        json([atRisk(15, { sla: sla({ state: 'breached', responseDueAt: at(8_000) }) })]),
    });
    open();
    const row = await screen.findByTestId('at-risk-15');
    expect(row).toHaveTextContent('SLA: SLA estourado');
    expect(row).toHaveTextContent('Resposta estourou agora');
  });

  it('nothing at risk: "Nenhum atendimento em risco"', async () => {
    stubFetch({ 'GET /api/dashboard/control-panel/at-risk': () => json([]) });
    open();
    expect(await screen.findByText('Nenhum atendimento em risco')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('a failure says so with "Tentar novamente"', async () => {
    stubFetch({
      'GET /api/dashboard/control-panel/at-risk': () => json({ code: 'internal', message: 'Falhou.' }, 500),
    });
    open();
    expect(await screen.findByText('Não foi possível carregar os atendimentos em risco.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Tentar novamente/ })).toBeInTheDocument();
  });
});
