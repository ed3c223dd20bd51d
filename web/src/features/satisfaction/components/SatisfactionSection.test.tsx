import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { Satisfaction } from '../api/schemas';
import { SatisfactionSection } from './SatisfactionSection';

const PERIOD = { from: '2026-11-01', to: '2026-11-30' };
const FILTERS = { instanceId: 2, departmentId: null };

const fig = (sent: number, answered: number, average: number | null, csat: number | null, rate: number | null) => ({
  sent,
  answered,
  average,
  csatPercent: csat,
  responseRatePercent: rate,
});

const REPORT: Satisfaction = {
  period: PERIOD,
  overall: fig(20, 8, 4.25, 87.5, 40),
  ratings: [1, 0, 0, 3, 4],
  byAgent: [
    { id: 4, name: 'Ana Souza', ...fig(12, 8, 4.25, 87.5, 66.7) },
    { id: 5, name: 'Bruno Lima', ...fig(8, 0, null, null, 0) },
  ],
  byDepartment: [{ id: 6, name: 'Financeiro', ...fig(20, 8, 4.25, 87.5, 40) }],
  byReason: [],
  byTag: [],
  byQuickReply: [],
  comments: [
    { ticketId: 91, rating: 5, comment: 'muito bom', agent: 'Ana Souza', answeredAt: '2026-11-20T13:05:00Z' },
    { ticketId: 92, rating: 1, comment: 'demorou', agent: null, answeredAt: '2026-11-21T13:05:00Z' },
  ],
};

describe('SatisfactionSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the figures, the grades, the comments and the tables; "—" where there is no sample', async () => {
    logIn(['dashboard-produtivity-report']);
    const user = userEvent.setup();
    const { callsTo } = stubFetch({ 'GET /api/dashboard/satisfaction': () => json(REPORT) });
    renderWithProviders(<SatisfactionSection period={PERIOD} filters={FILTERS} />);

    const sample = await screen.findByText('n = 8 · notas 4 e 5');
    expect(sample.parentElement).toHaveTextContent('CSAT88 %');
    expect(screen.getByRole('heading', { name: 'Satisfação dos clientes (CSAT)' })).toBeInTheDocument();
    expect(screen.getAllByText('4,25').length).toBeGreaterThan(0);
    expect(screen.getByText('40 %')).toBeInTheDocument();
    expect(screen.getByText('8 de 20 responderam')).toBeInTheDocument();
    expect(Object.fromEntries(callsTo('GET /api/dashboard/satisfaction')[0]!.query)).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      instanceId: '2',
    });

    const grades = within(screen.getByRole('list', { name: 'Respostas por nota' })).getAllByRole('listitem');
    expect(grades.map((item) => item.textContent)).toEqual([
      'Nota 54 (50 %)',
      'Nota 43 (38 %)',
      'Nota 30 (0 %)',
      'Nota 20 (0 %)',
      'Nota 11 (13 %)',
    ]);

    const comments = within(screen.getByRole('list', { name: 'Últimos comentários' })).getAllByRole('listitem');
    expect(within(comments[0]!).getByRole('img', { name: 'nota 5 de 5' })).toHaveTextContent('★★★★★');
    expect(comments[0]).toHaveTextContent('muito bom');
    expect(comments[0]).toHaveTextContent('Ana Souza');
    expect(within(comments[1]!).getByRole('img', { name: 'nota 1 de 5' })).toBeInTheDocument();
    expect(comments[1]).toHaveTextContent('Sem atendente');

    const bruno = screen.getByRole('rowheader', { name: 'Bruno Lima' }).closest('tr')!;
    expect(
      within(bruno)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['8', '0', '—', '—']);
    const ana = screen.getByRole('rowheader', { name: 'Ana Souza' }).closest('tr')!;
    expect(
      within(ana)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12', '8', '4,25', '88 %']);

    await user.click(screen.getByRole('tab', { name: 'Departamento' }));
    expect(await screen.findByRole('rowheader', { name: 'Financeiro' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Etiqueta' }));
    expect(await screen.findByText('Nenhuma pesquisa por etiqueta no período.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Baixar planilha' })).toBeEnabled();
  });

  it('answers "—", never 0 %, when surveys went out but nobody answered', async () => {
    logIn(['dashboard-produtivity-report']);
    stubFetch({
      'GET /api/dashboard/satisfaction': () =>
        json({ ...REPORT, overall: fig(3, 0, null, null, 0), ratings: [0, 0, 0, 0, 0], comments: [] }),
    });
    renderWithProviders(<SatisfactionSection period={PERIOD} filters={FILTERS} />);
    expect(await screen.findByText('n = 0 · notas 4 e 5')).toBeInTheDocument();
    const csat = screen.getByText('CSAT', { selector: 'p' }).parentElement!;
    expect(csat).toHaveTextContent('—');
    expect(csat).not.toHaveTextContent('0 %');
    expect(screen.getByText('Nenhum comentário no período.')).toBeInTheDocument();
  });

  it('says how to turn the survey on when nothing was sent', async () => {
    logIn(['dashboard-produtivity-report']);
    stubFetch({
      'GET /api/dashboard/satisfaction': () =>
        json({ period: PERIOD, overall: fig(0, 0, null, null, null), ratings: [0, 0, 0, 0, 0] }),
    });
    renderWithProviders(<SatisfactionSection period={PERIOD} filters={FILTERS} />);
    expect(
      await screen.findByText('Nenhuma pesquisa enviada no período. Ative a pesquisa em Níveis de serviço.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('0 %')).not.toBeInTheDocument();
  });
});
