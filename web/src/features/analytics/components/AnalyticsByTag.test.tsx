import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tag } from '../../../lib/tags';
import { json, logIn, stubFetch, type RecordedCall } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { AnalyticsSchema, type TagFigures } from '../api/schemas';
import { ANALYTICS } from '../test-data';
import { DashboardScreen } from './DashboardScreen';

// jsdom lays nothing out (recharts would warn about a 0×0 drawing); the tests read the charts'
// text alternatives.
vi.mock('@mantine/charts', () => ({ AreaChart: () => null, BarChart: () => null, LineChart: () => null }));

function tag(id: number, name: string, color: string): Tag {
  return { id, name, color, boardPosition: null, createdAt: '2026-11-01T12:00:00Z', updatedAt: '2026-11-01T12:00:00Z' };
}

const TAGS = [tag(4, 'Orçamento', '#fab005'), tag(7, 'Pós-venda', '#40c057'), tag(9, 'Urgente', '#fa5252')];

/** `tags` of GET /api/dashboard/analytics: the period's figures per tag, whatever the tag filter. */
const BY_TAG: TagFigures[] = [
  {
    id: 4,
    name: 'Orçamento',
    color: '#fab005',
    ticketsOpened: 120,
    ticketsClosed: 98,
    messagesIn: 1500,
    messagesOut: 1320,
    firstResponse: { count: 110, medianSecs: 205, p90Secs: 1500 },
    resolution: { count: 98, medianSecs: 5400, p90Secs: 40_000 },
    slaResponseTickets: 110,
    slaResponseMet: 99,
    slaResolutionTickets: 98,
    slaResolutionMet: 75,
  },
  {
    id: 7,
    name: 'Pós-venda',
    color: '#40c057',
    ticketsOpened: 45,
    ticketsClosed: 40,
    messagesIn: 300,
    messagesOut: 280,
    firstResponse: { count: 44, medianSecs: 60, p90Secs: 300 },
    resolution: { count: 40, medianSecs: null, p90Secs: null },
    slaResponseTickets: 44,
    slaResponseMet: 44,
    slaResolutionTickets: 0,
    slaResolutionMet: 0,
  },
];

const PATH = '/dashboard/analytics?preset=custom&from=2026-11-01&to=2026-11-30';

function routes() {
  const tabs = [{ name: 'dashboard-analytics', label: 'Analytics', path: '/dashboard/analytics' }] as const;
  return [
    {
      path: '/dashboard/analytics',
      element: <DashboardScreen current="dashboard-analytics" tabs={tabs} canEditThreshold={false} />,
    },
  ];
}

function serve(analytics: unknown = { ...ANALYTICS, tags: BY_TAG }) {
  return stubFetch({
    'GET /api/dashboard/filters': () => json({ instances: [], departments: [], agents: [] }),
    'GET /api/tags': () => json(TAGS),
    'GET /api/dashboard/analytics': () => json(analytics),
    'GET /api/dashboard/tickets': () => json({ data: [], nextCursor: null }),
  });
}

function queryOf(call: RecordedCall | undefined): Record<string, string> {
  return Object.fromEntries(call?.query ?? []);
}

/** The "Por etiqueta" table's rows: the tag and the figures, cell by cell. */
function tagRows(): string[][] {
  const table = screen.getByRole('table', { name: 'Números por etiqueta' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim()),
    );
}

describe('analytics by tag', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['dashboard-analytics']);
  });

  it('reads the tag filter from the URL and sends it to the dashboard and to the tickets behind a figure', async () => {
    const user = userEvent.setup();
    const { callsTo } = serve();
    const { router } = renderRoutes(routes(), `${PATH}&tagId=4`);
    await screen.findByRole('button', { name: 'Tickets abertos: 412. Ver os tickets' });
    expect(queryOf(callsTo('GET /api/dashboard/analytics').at(-1))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      tagId: '4',
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Etiqueta' })).toHaveValue('Orçamento'));

    await user.click(screen.getByRole('button', { name: 'Tickets encerrados: 398. Ver os tickets' }));
    await screen.findByRole('dialog', { name: /Tickets encerrados/ });
    await waitFor(() => expect(callsTo('GET /api/dashboard/tickets')).toHaveLength(1));
    expect(queryOf(callsTo('GET /api/dashboard/tickets')[0])).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      tagId: '4',
      metric: 'closed',
    });
    await user.keyboard('{Escape}');

    // "Todas as etiquetas" takes it out of the URL and of the request.
    await user.click(screen.getByRole('combobox', { name: 'Etiqueta' }));
    await user.click(await screen.findByRole('option', { name: 'Todas as etiquetas' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('tagId'));
    await waitFor(() => expect(queryOf(callsTo('GET /api/dashboard/analytics').at(-1))).not.toHaveProperty('tagId'));
  });

  it('picks a tag among the tenant’s (accents aside), kept in the URL beside the other filters', async () => {
    const user = userEvent.setup();
    const { callsTo } = serve();
    const { router } = renderRoutes(routes(), PATH);
    await screen.findByRole('button', { name: 'Tickets abertos: 412. Ver os tickets' });
    const picker = screen.getByRole('combobox', { name: 'Etiqueta' });
    await waitFor(() => expect(picker).toBeEnabled());
    expect(picker).toHaveValue('Todas as etiquetas');
    await user.click(picker);
    await user.clear(picker);
    await user.type(picker, 'pos');
    const listbox = await screen.findByRole('listbox', { name: 'Etiqueta' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todas as etiquetas', 'Pós-venda']);
    await user.click(within(listbox).getByRole('option', { name: 'Pós-venda' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('tagId')).toBe('7'));
    await waitFor(() => expect(queryOf(callsTo('GET /api/dashboard/analytics').at(-1)).tagId).toBe('7'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-11-01');
  });

  it('shows each tag’s figures in "Por etiqueta"; a row sets the filter, and again clears it', async () => {
    const user = userEvent.setup();
    const { callsTo } = serve();
    const { router, container } = renderRoutes(routes(), PATH);
    const section = await screen.findByRole('region', { name: 'Por etiqueta' });
    expect(tagRows()).toEqual([
      [
        'Orçamento',
        '120',
        '98',
        '1.500',
        '1.320',
        '3 min 25 s n = 110',
        '1 h 30 min n = 98',
        '90,0 % n = 110',
        '76,5 % n = 98',
      ],
      [
        'Pós-venda',
        '45',
        '40',
        '300',
        '280',
        '1 min n = 44',
        '— n = 40',
        '100,0 % n = 44',
        '—Nenhum atendimento com meta encerrado no período',
      ],
    ]);
    // The SLA columns' headers; no sample says why, as a tooltip and to screen readers.
    const table = within(section).getByRole('table', { name: 'Números por etiqueta' });
    expect(within(table).getByRole('columnheader', { name: 'SLA de 1ª resposta' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'SLA de resolução' })).toBeInTheDocument();
    const noSample = within(table).getByText('Nenhum atendimento com meta encerrado no período');
    await user.hover(noSample.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Nenhum atendimento com meta encerrado no período');
    // The bars' text alternative: the busiest tag first.
    expect(
      within(section).getByRole('img', {
        name: 'Gráfico de barras horizontais dos tickets abertos por etiqueta, 2 etiquetas; a primeira, Orçamento, com 120.',
      }),
    ).toBeInTheDocument();

    const filter = within(section).getByRole('button', { name: 'Filtrar por Pós-venda' });
    expect(filter).toHaveAttribute('aria-pressed', 'false');
    await user.click(filter);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('tagId')).toBe('7'));
    await waitFor(() => expect(queryOf(callsTo('GET /api/dashboard/analytics').at(-1)).tagId).toBe('7'));
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Filtrar por Pós-venda' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    // The list is the period's per tag whatever the filter: both rows stay.
    expect(tagRows()).toHaveLength(2);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Etiqueta' })).toHaveValue('Pós-venda'));

    // A click anywhere on the row does it too; on the chosen row, it clears the filter.
    const row = container.querySelector('[data-tag-row="7"] td') as HTMLElement;
    await user.click(row);
    await waitFor(() => expect(router.state.location.search).not.toContain('tagId'));

    const results = await axe.run(section, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it('says so when no tag has figures, and reads an older answer without `tags`', async () => {
    const { tags: _tags, ...older } = ANALYTICS;
    serve(older);
    renderRoutes(routes(), PATH);
    const section = await screen.findByRole('region', { name: 'Por etiqueta' });
    expect(within(section).getByText('Nenhuma etiqueta com números no período.')).toBeInTheDocument();
  });

  it('takes a tag row with only its id, name and SLA attainment (zeroes, no samples)', () => {
    const sla = { slaResponseTickets: 0, slaResponseMet: 0, slaResolutionTickets: 0, slaResolutionMet: 0 };
    // The server always sends the attainment: a row without it is not read as zeroes.
    expect(AnalyticsSchema.safeParse({ ...ANALYTICS, tags: [{ id: 3, name: 'Novo' }] }).success).toBe(false);
    const parsed = AnalyticsSchema.parse({ ...ANALYTICS, tags: [{ id: 3, name: 'Novo', ...sla }] });
    expect(parsed.tags).toEqual([
      {
        id: 3,
        name: 'Novo',
        color: '#228be6',
        ticketsOpened: 0,
        ticketsClosed: 0,
        messagesIn: 0,
        messagesOut: 0,
        firstResponse: { count: 0, medianSecs: null, p90Secs: null },
        resolution: { count: 0, medianSecs: null, p90Secs: null },
        ...sla,
      },
    ]);
  });
});
