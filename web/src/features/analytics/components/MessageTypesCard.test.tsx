import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { TOTALS } from '../test-data';
import { MessageTypesCard } from './MessageTypesCard';

// jsdom lays nothing out: the test reads the chart's name and the table.
vi.mock('@mantine/charts', () => ({ BarChart: () => null }));

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));
}

describe('MessageTypesCard', () => {
  it('lists each type with its count and share, text being the rest, in pt-BR', () => {
    renderWithProviders(<MessageTypesCard totals={TOTALS} />);
    const card = screen.getByRole('region', { name: 'Mensagens por tipo' });
    const table = within(card).getByRole('table', { name: 'Mensagens por tipo: quantidade e parte do total' });
    expect(rowsOf(table)).toEqual([
      ['Tipo', 'Mensagens', '% do total'],
      ['Texto', '7.400', '74%'],
      ['Fotos', '1.500', '15%'],
      ['Áudios', '700', '7%'],
      ['Vídeos', '100', '1%'],
      ['Documentos', '250', '3%'],
      ['Outros', '40', 'menos de 1%'],
      ['Total', '9.990', '100%'],
    ]);
    expect(within(card).getByRole('img', { name: /9\.990 mensagens do período por tipo/ })).toHaveAccessibleName(
      expect.stringContaining('a maior parte, texto, com 7.400 (74%)'),
    );
    expect(within(card).getByRole('button', { name: 'O que é: Mensagens por tipo' })).toBeInTheDocument();
  });

  it('an empty period says so instead of drawing', () => {
    renderWithProviders(
      <MessageTypesCard
        totals={{
          ...TOTALS,
          messagesIn: 0,
          messagesOut: 0,
          messagesImage: 0,
          messagesAudio: 0,
          messagesVideo: 0,
          messagesDocument: 0,
          messagesOther: 0,
        }}
      />,
    );
    const card = screen.getByRole('region', { name: 'Mensagens por tipo' });
    expect(within(card).getByText('Nenhuma mensagem no período.')).toBeInTheDocument();
    expect(within(card).queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
  });
});
