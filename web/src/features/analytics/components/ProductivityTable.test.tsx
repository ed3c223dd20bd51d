import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { agent } from '../test-data';
import { ProductivityTable } from './ProductivityTable';

const AGENTS = [
  agent(4, 'Ana Souza', {
    ticketsAttended: 40,
    firstResponseMedianSecs: 180,
    onlineSecs: 100_800,
    quickRepliesUsed: 120,
  }),
  agent(5, 'bruno Lima', {
    ticketsAttended: 55,
    firstResponseMedianSecs: 600,
    onlineSecs: 3600,
    quickRepliesUsed: 1250,
  }),
  agent(6, 'Carla Dias', { ticketsAttended: 12, firstResponseMedianSecs: null, onlineSecs: 0 }),
];

function names(): string[] {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').textContent ?? '');
}

function header(name: RegExp) {
  return screen.getByRole('columnheader', { name });
}

describe('ProductivityTable', () => {
  it('starts by name (A–Z, ignoring case) and formats figures in pt-BR', () => {
    renderWithProviders(<ProductivityTable agents={AGENTS} />);
    expect(names()).toEqual(['Ana Souza', 'bruno Lima', 'Carla Dias']);
    expect(header(/^Atendente/)).toHaveAttribute('aria-sort', 'ascending');
    const ana = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(ana).getByText('3 min')).toBeInTheDocument();
    expect(within(ana).getByText('28,0 h')).toBeInTheDocument();
  });

  it('sorts by a clicked column — counts largest first — and flips on a second click', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProductivityTable agents={AGENTS} />);
    await user.click(screen.getByRole('button', { name: /^Atendidos/ }));
    expect(names()).toEqual(['bruno Lima', 'Ana Souza', 'Carla Dias']);
    expect(header(/^Atendidos/)).toHaveAttribute('aria-sort', 'descending');
    expect(header(/^Atendente/)).toHaveAttribute('aria-sort', 'none');
    await user.click(screen.getByRole('button', { name: /^Atendidos/ }));
    expect(names()).toEqual(['Carla Dias', 'Ana Souza', 'bruno Lima']);
    expect(header(/^Atendidos/)).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sorts durations fastest first and keeps agents without a sample last either way', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProductivityTable agents={AGENTS} />);
    const button = screen.getByRole('button', { name: /^1ª resposta/ });
    await user.click(button);
    expect(names()).toEqual(['Ana Souza', 'bruno Lima', 'Carla Dias']);
    await user.click(button);
    expect(names()).toEqual(['bruno Lima', 'Ana Souza', 'Carla Dias']);
  });

  it('counts the quick replies each agent used, sorted largest first', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProductivityTable agents={AGENTS} />);
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    // After the messages sent, before the time online.
    expect(headers.findIndex((text) => text?.startsWith('Respostas rápidas'))).toBe(
      headers.findIndex((text) => text?.startsWith('Mensagens enviadas')) + 1,
    );
    const column = headers.findIndex((text) => text?.startsWith('Respostas rápidas'));
    const cells = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelectorAll('th, td')[column]?.textContent);
    expect(cells()).toEqual(['120', '1.250', '0']);
    // Its definition is one click away.
    await user.click(screen.getByRole('button', { name: 'O que é: Respostas rápidas' }));
    expect(await screen.findByText(/cada resposta usada conta uma/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Respostas rápidas/ }));
    expect(header(/^Respostas rápidas/)).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['bruno Lima', 'Ana Souza', 'Carla Dias']);
    await user.click(screen.getByRole('button', { name: /^Respostas rápidas/ }));
    expect(names()).toEqual(['Carla Dias', 'Ana Souza', 'bruno Lima']);
  });

  it('shows each agent’s SLA attainment with its sample, "—" and why without one, sorted best first', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <ProductivityTable
        agents={[
          agent(4, 'Ana Souza', {
            slaResponseTickets: 130,
            slaResponseMet: 120,
            slaResolutionTickets: 98,
            slaResolutionMet: 75,
          }),
          agent(5, 'bruno Lima', { slaResponseTickets: 40, slaResponseMet: 39 }),
          agent(6, 'Carla Dias'),
        ]}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    // After the medians.
    const response = headers.findIndex((text) => text?.startsWith('SLA de 1ª resposta'));
    const resolution = headers.findIndex((text) => text?.startsWith('SLA de resolução'));
    expect(response).toBe(headers.findIndex((text) => text?.startsWith('Resolução (mediana)')) + 1);
    expect(resolution).toBe(response + 1);
    const cells = (column: number) =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelectorAll('th, td')[column] as HTMLElement);
    expect(cells(response).map((cell) => cell.textContent)).toEqual([
      '92,3 % · n = 130',
      '97,5 % · n = 40',
      '—Nenhum atendimento com meta encerrado no período',
    ]);
    expect(cells(resolution).map((cell) => cell.textContent)).toEqual([
      '76,5 % · n = 98',
      '—Nenhum atendimento com meta encerrado no período',
      '—Nenhum atendimento com meta encerrado no período',
    ]);
    // The dash hides from screen readers, which read why instead; a pointer gets it as a tooltip.
    const carla = cells(response)[2] as HTMLElement;
    expect(within(carla).getByText('—')).toHaveAttribute('aria-hidden');
    await user.hover(within(carla).getByText('Nenhum atendimento com meta encerrado no período').parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Nenhum atendimento com meta encerrado no período');

    // Best attainment first; without a sample, last either way.
    await user.click(screen.getByRole('button', { name: /^SLA de 1ª resposta/ }));
    expect(header(/^SLA de 1ª resposta/)).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['bruno Lima', 'Ana Souza', 'Carla Dias']);
    await user.click(screen.getByRole('button', { name: /^SLA de 1ª resposta/ }));
    expect(names()).toEqual(['Ana Souza', 'bruno Lima', 'Carla Dias']);

    await user.click(screen.getByRole('button', { name: 'O que é: SLA de resolução' }));
    expect(await screen.findByText(/com meta de resolução, quantos a cumpriram/)).toBeInTheDocument();
  });

  it('is operable from the keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ProductivityTable agents={AGENTS} />);
    screen.getByRole('button', { name: /^Tempo online/ }).focus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Ana Souza', 'bruno Lima', 'Carla Dias']);
    expect(header(/^Tempo online/)).toHaveAttribute('aria-sort', 'descending');
  });
});
