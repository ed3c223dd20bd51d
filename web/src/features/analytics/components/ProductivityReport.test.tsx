import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, requestUrl, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import type { Productivity } from '../api/schemas';
import { agent } from '../test-data';
import { ProductivityReport } from './ProductivityReport';

const PRODUCTIVITY: Productivity = {
  period: { from: '2026-11-01', to: '2026-11-30' },
  syncedAt: '2026-11-25T03:00:12Z',
  agents: [agent(4, 'Ana Souza', { ticketsAttended: 40 }), agent(5, 'Bruno Lima', { ticketsAttended: 55 })],
};

/** GET /api/dashboard/filters as the server answers it (docs/analytics.md). */
const FILTERS = {
  instances: [{ id: 2, name: 'Vendas' }],
  departments: [
    { id: 6, name: 'Financeiro' },
    { id: 5, name: 'Suporte' },
  ],
  agents: [
    { id: 4, name: 'Ana Souza' },
    { id: 5, name: 'Bruno Lima' },
  ],
};

const PATH = '/dashboard/produtivity-report?preset=custom&from=2026-11-01&to=2026-11-30';

function productivityQueries(fetchMock: ReturnType<typeof stubFetch>['fetchMock']) {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/dashboard/productivity')
    .map((url) => Object.fromEntries(url.searchParams));
}

describe('ProductivityReport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a supervisor without the users route picks a department listed by /api/dashboard/filters', async () => {
    logIn(['dashboard-produtivity-report']);
    const user = userEvent.setup();
    const { fetchMock } = stubFetch({
      'GET /api/dashboard/filters': () => json(FILTERS),
      'GET /api/dashboard/productivity': () => json(PRODUCTIVITY),
    });
    renderRoutes(
      [{ path: '/dashboard/produtivity-report', element: <ProductivityReport title="Relatório de produtividade" /> }],
      PATH,
    );
    expect(await screen.findByRole('rowheader', { name: 'Ana Souza' })).toBeInTheDocument();

    const department = screen.getByRole('combobox', { name: 'Departamento' });
    await waitFor(() => expect(department).toBeEnabled());
    await user.click(department);
    const listbox = await screen.findByRole('listbox', { name: 'Departamento' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos os departamentos', 'Financeiro', 'Suporte']);
    await user.click(within(listbox).getByRole('option', { name: 'Financeiro' }));

    await waitFor(() =>
      expect(productivityQueries(fetchMock).at(-1)).toEqual({
        from: '2026-11-01',
        to: '2026-11-30',
        departmentId: '6',
      }),
    );
    expect(productivityQueries(fetchMock)[0]).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('keeps a department chosen by link offered by number when the list no longer has it', async () => {
    logIn(['dashboard-produtivity-report']);
    stubFetch({
      'GET /api/dashboard/filters': () => json(FILTERS),
      'GET /api/dashboard/productivity': () => json(PRODUCTIVITY),
    });
    renderRoutes(
      [{ path: '/dashboard/produtivity-report', element: <ProductivityReport title="Relatório de produtividade" /> }],
      `${PATH}&departmentId=9`,
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Departamento' })).toHaveValue('Departamento #9'));
  });

  it('hands the section below the table the same period and filters (without the tag)', async () => {
    logIn(['dashboard-produtivity-report']);
    stubFetch({
      'GET /api/dashboard/filters': () => json(FILTERS),
      'GET /api/dashboard/productivity': () => json(PRODUCTIVITY),
    });
    const below = vi.fn(({ period, filters, enabled }: { period: object; filters: object; enabled: boolean }) => (
      <p>Abaixo: {JSON.stringify({ period, filters, enabled })}</p>
    ));
    renderRoutes(
      [
        {
          path: '/dashboard/produtivity-report',
          element: <ProductivityReport title="Relatório de produtividade" below={below} />,
        },
      ],
      `${PATH}&departmentId=6&tagId=3`,
    );
    expect(await screen.findByRole('rowheader', { name: 'Ana Souza' })).toBeInTheDocument();
    expect(
      screen.getByText(
        `Abaixo: ${JSON.stringify({
          period: { from: '2026-11-01', to: '2026-11-30' },
          filters: { instanceId: null, departmentId: 6 },
          enabled: true,
        })}`,
      ),
    ).toBeInTheDocument();
  });
});
