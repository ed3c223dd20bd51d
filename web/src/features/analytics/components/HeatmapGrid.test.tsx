import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { buildHeatGrid, busiestCell } from '../heatmap';
import { HeatmapGrid } from './HeatmapGrid';

const CELLS = [
  { weekday: 1, hour: 9, tickets: 31 },
  { weekday: 1, hour: 10, tickets: 8 },
  { weekday: 6, hour: 23, tickets: 1 },
];

describe('HeatmapGrid', () => {
  it('draws every hour of every day, days in rows and hours in columns', () => {
    renderWithProviders(<HeatmapGrid cells={CELLS} caption="Tickets abertos por hora" />);
    const table = screen.getByRole('table', { name: /Tickets abertos por hora: 40 tickets/ });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.getAttribute('aria-label')),
    ).toEqual(['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado']);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(24);
    expect(within(table).getAllByRole('cell', { name: /tickets?$/ })).toHaveLength(7 * 24);
  });

  it('names each cell in full and colours it by its share of the busiest hour', () => {
    renderWithProviders(<HeatmapGrid cells={CELLS} caption="Tickets abertos por hora" />);
    const busiest = screen.getByRole('cell', { name: 'Segunda-feira, 9 h às 10 h: 31 tickets' });
    expect(busiest).toHaveTextContent('31');
    expect(busiest).toHaveAttribute('data-level', '4');
    expect(screen.getByRole('cell', { name: 'Segunda-feira, 10 h às 11 h: 8 tickets' })).toHaveAttribute(
      'data-level',
      '2',
    );
    expect(screen.getByRole('cell', { name: 'Sábado, 23 h às 0 h: 1 ticket' })).toHaveAttribute('data-level', '1');
    const empty = screen.getByRole('cell', { name: 'Domingo, 0 h às 1 h: 0 tickets' });
    expect(empty).toHaveAttribute('data-level', '0');
    expect(empty).toHaveTextContent('');
  });

  it('scrolls sideways from the keyboard on a phone (the scroll area takes focus)', () => {
    renderWithProviders(<HeatmapGrid cells={CELLS} caption="Tickets abertos por hora" />);
    expect(screen.getByRole('region', { name: /Tickets abertos por hora/ })).toHaveAttribute('tabindex', '0');
  });
});

describe('buildHeatGrid', () => {
  it('ignores cells outside the week and adds repeated ones', () => {
    const grid = buildHeatGrid([
      { weekday: 7, hour: 1, tickets: 5 },
      { weekday: 0, hour: 24, tickets: 5 },
      { weekday: 2, hour: 3, tickets: 2 },
      { weekday: 2, hour: 3, tickets: 3 },
    ]);
    expect(grid.total).toBe(5);
    expect(grid.rows[2]?.cells[3]?.tickets).toBe(5);
  });

  it('finds the busiest hour, the earliest on a tie', () => {
    expect(busiestCell(CELLS)).toEqual({ weekday: 1, hour: 9, tickets: 31 });
    expect(
      busiestCell([
        { weekday: 3, hour: 1, tickets: 4 },
        { weekday: 2, hour: 5, tickets: 4 },
      ]),
    ).toEqual({ weekday: 2, hour: 5, tickets: 4 });
    expect(busiestCell([])).toBeNull();
  });
});
