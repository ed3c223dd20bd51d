/**
 * The tickets-per-hour-of-the-week grid (docs/analytics.md, `heatmap`: weekday 0 = domingo … 6 =
 * sábado, hour 0–23 São Paulo time, only cells with tickets): 7 rows × 24 hours with every empty
 * cell filled in, and the colour level of each cell on a 0–4 scale relative to the busiest cell.
 */

import { WEEKDAYS } from '../../lib/dates';

export { WEEKDAYS };
export const WEEKDAYS_SHORT = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

export interface HeatCell {
  weekday: number;
  hour: number;
  tickets: number;
}

export interface HeatGridCell extends HeatCell {
  /** 0 = no tickets; 1–4 = up to a quarter, half, three quarters, all of the busiest cell. */
  level: 0 | 1 | 2 | 3 | 4;
  /** What a screen reader says: `Segunda-feira, 9 h às 10 h: 31 tickets`. */
  label: string;
}

export interface HeatGrid {
  rows: { weekday: number; name: string; short: string; cells: HeatGridCell[] }[];
  max: number;
  total: number;
}

function ticketsLabel(tickets: number): string {
  return tickets === 1 ? '1 ticket' : `${tickets.toLocaleString('pt-BR')} tickets`;
}

/** `9 h às 10 h` */
export function hourRange(hour: number): string {
  return `${hour} h às ${(hour + 1) % 24} h`;
}

export function heatLevel(tickets: number, max: number): HeatGridCell['level'] {
  if (tickets <= 0 || max <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((tickets / max) * 4))) as HeatGridCell['level'];
}

/** The full 7 × 24 grid; cells outside the week or the day are ignored, repeated cells add up. */
export function buildHeatGrid(cells: readonly HeatCell[]): HeatGrid {
  const counts = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const cell of cells) {
    const row = counts[cell.weekday];
    if (row && cell.hour >= 0 && cell.hour < 24 && Number.isInteger(cell.hour)) {
      row[cell.hour] = (row[cell.hour] ?? 0) + Math.max(0, cell.tickets);
    }
  }
  const max = Math.max(0, ...counts.flat());
  const total = counts.flat().reduce((sum, value) => sum + value, 0);
  return {
    max,
    total,
    rows: counts.map((hours, weekday) => ({
      weekday,
      name: WEEKDAYS[weekday] ?? '',
      short: WEEKDAYS_SHORT[weekday] ?? '',
      cells: hours.map((tickets, hour) => ({
        weekday,
        hour,
        tickets,
        level: heatLevel(tickets, max),
        label: `${WEEKDAYS[weekday] ?? ''}, ${hourRange(hour)}: ${ticketsLabel(tickets)}`,
      })),
    })),
  };
}

/** The busiest cell (the earliest in the week on a tie), or null when there are no tickets. */
export function busiestCell(cells: readonly HeatCell[]): HeatCell | null {
  let best: HeatCell | null = null;
  for (const cell of cells) {
    if (cell.tickets <= 0) continue;
    if (
      best === null ||
      cell.tickets > best.tickets ||
      (cell.tickets === best.tickets &&
        (cell.weekday < best.weekday || (cell.weekday === best.weekday && cell.hour < best.hour)))
    ) {
      best = cell;
    }
  }
  return best;
}
