import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatTime } from '../../../lib/dates';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { theme } from '../../../theme';
import { statusOfAgent, type PanelAgentStatus } from '../../../lib/presence';
import { AgentStatusCell, ControlPanelView } from './ControlPanelView';

const NOW = new Date('2026-12-06T12:42:00');
const SINCE = new Date('2026-12-06T12:30:00').toISOString();

function renderCell(agent: PanelAgentStatus) {
  return render(
    <MantineProvider theme={theme} env="test">
      <div data-testid="cell">
        <AgentStatusCell agent={agent} now={NOW} />
      </div>
    </MantineProvider>,
  );
}

// docs/service-levels.md#agent-status: each agent carries `status`, `awayReason`, `statusSince`.
describe('ControlPanelView: the agents’ status', () => {
  beforeEach(() => {
    logIn(['dashboard-control-panel']);
  });

  it('reads the status, the reason only when ausente, and falls back on `online` for an older answer', () => {
    expect(statusOfAgent({ online: true, status: 'ausente', awayReason: ' almoço ', statusSince: SINCE })).toEqual({
      status: 'ausente',
      reason: 'almoço',
      since: SINCE,
    });
    expect(statusOfAgent({ online: true, status: 'online', awayReason: 'x', statusSince: null })).toEqual({
      status: 'online',
      reason: null,
      since: null,
    });
    expect(statusOfAgent({ online: true })).toMatchObject({ status: 'online' });
    expect(statusOfAgent({ online: false })).toMatchObject({ status: 'offline' });
    expect(statusOfAgent({ online: false, status: 'outro' })).toMatchObject({ status: 'offline' });
  });

  it('an absent agent: the Ausente badge, the reason (said as such) and since when', () => {
    renderCell({ online: true, status: 'ausente', awayReason: 'Almoço', statusSince: SINCE });
    const cell = screen.getByTestId('cell');
    expect(cell).toHaveTextContent(`AusenteMotivo: Almoçodesde ${formatTime(SINCE)} · há 12 min.`);
    expect(screen.getByText('Motivo:')).toBeInTheDocument();
    expect(cell.querySelector('time')).toHaveAttribute('dateTime', SINCE);
  });

  it('Disponível and Offline badges, without a reason', () => {
    const online = renderCell({ online: true, status: 'online', awayReason: null, statusSince: SINCE });
    expect(screen.getByTestId('cell')).toHaveTextContent(`Disponíveldesde ${formatTime(SINCE)}`);
    expect(screen.getByTestId('cell')).not.toHaveTextContent('Motivo');
    online.unmount();
    renderCell({ online: false, status: 'offline', awayReason: 'Almoço', statusSince: null });
    expect(screen.getByTestId('cell')).toHaveTextContent(/^Offline$/);
  });

  it('each agent row of the panel says its status', async () => {
    stubFetch({
      'GET /api/dashboard/control-panel/at-risk': () => json([]),
      'GET /api/dashboard/control-panel': () =>
        json({
          generatedAt: '2026-12-06T12:42:00Z',
          waiting: 0,
          oldestWaitingSince: null,
          thresholdMinutes: 15,
          overThreshold: 0,
          transfersPending: 0,
          open: 1,
          agents: [
            {
              userId: 4,
              name: 'Ana Souza',
              online: true,
              status: 'online',
              awayReason: null,
              statusSince: SINCE,
              open: 1,
              transfersPending: 0,
            },
            {
              userId: 6,
              name: 'Caio Reis',
              online: false,
              status: 'offline',
              awayReason: null,
              statusSince: null,
              open: 0,
              transfersPending: 0,
            },
          ],
          byInstance: [],
        }),
    });
    renderWithProviders(<ControlPanelView canEditThreshold={false} />);
    const agents = await screen.findByRole('table', { name: 'Atendentes' });
    expect(within(within(agents).getByRole('row', { name: /Ana Souza/ })).getByText('Disponível')).toBeInTheDocument();
    expect(within(within(agents).getByRole('row', { name: /Caio Reis/ })).getByText('Offline')).toBeInTheDocument();
  });

  it('"Atendentes online" counts the available agents only: an ausente one is connected but receives nothing', async () => {
    const agent = (userId: number, status: string, online: boolean) => ({
      userId,
      name: `Pessoa ${userId}`,
      online,
      status,
      awayReason: status === 'ausente' ? 'Almoço' : null,
      statusSince: SINCE,
      open: 0,
      transfersPending: 0,
    });
    stubFetch({
      'GET /api/dashboard/control-panel/at-risk': () => json([]),
      'GET /api/dashboard/control-panel': () =>
        json({
          generatedAt: '2026-12-06T12:42:00Z',
          waiting: 0,
          oldestWaitingSince: null,
          thresholdMinutes: 15,
          overThreshold: 0,
          transfersPending: 0,
          open: 0,
          agents: [
            agent(1, 'online', true),
            agent(2, 'ausente', true),
            agent(3, 'offline', false),
            agent(4, 'online', true),
          ],
          byInstance: [],
        }),
    });
    const { container } = renderWithProviders(<ControlPanelView canEditThreshold={false} />);
    await screen.findByRole('table', { name: 'Atendentes' });
    const card = container.querySelector<HTMLElement>('[data-figure="agentsOnline"]');
    if (!card) throw new Error('no "Atendentes online" card');
    expect(within(card).getByText('2')).toBeInTheDocument();
    expect(within(card).getByText('de 4 listados')).toBeInTheDocument();
  });
});
