/**
 * Periods of days (docs/analytics.md#days-and-periods): inclusive ranges `from`..`to` of São Paulo
 * calendar days written `YYYY-MM-DD`, at most 366 days. Day arithmetic is done on the date alone
 * (UTC midnight of the written day), so no time zone or clock change can move a day.
 */
import { dayKey } from './dates';

export interface Period {
  from: string;
  to: string;
}

export type PresetId = '7d' | '30d' | '90d' | 'this-month' | 'last-month' | 'custom';

export const PRESETS: readonly { value: PresetId; label: string }[] = [
  { value: '7d', label: 'Últimos 7 dias' },
  { value: '30d', label: 'Últimos 30 dias' },
  { value: '90d', label: 'Últimos 90 dias' },
  { value: 'this-month', label: 'Este mês' },
  { value: 'last-month', label: 'Mês passado' },
  { value: 'custom', label: 'Personalizado' },
];

export const DEFAULT_PRESET: PresetId = '30d';

/** The longest period the server accepts (422 `invalid_period` beyond it). */
export const MAX_PERIOD_DAYS = 366;

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Milliseconds of UTC midnight of a `YYYY-MM-DD` day, or NaN when it is not a real day. */
function dayMs(day: string): number {
  if (!DAY_PATTERN.test(day)) return Number.NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  // Date.parse rolls 2026-02-31 over to March: refuse days that do not exist.
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? Number.NaN : ms;
}

function fromMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** True for a real `YYYY-MM-DD` day. */
export function isDay(day: string): boolean {
  return !Number.isNaN(dayMs(day));
}

/** The day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return fromMs(dayMs(day) + days * DAY_MS);
}

/** Today in São Paulo, `YYYY-MM-DD`. */
export function today(now: Date = new Date()): string {
  return dayKey(now);
}

/** How many days the period holds (both ends included). */
export function periodDays({ from, to }: Period): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;
}

/** The period a preset names, ending today (`this-month`: up to today; `last-month`: all of it). */
export function presetPeriod(preset: Exclude<PresetId, 'custom'>, todayDay: string): Period {
  switch (preset) {
    case '7d':
      return { from: addDays(todayDay, -6), to: todayDay };
    case '30d':
      return { from: addDays(todayDay, -29), to: todayDay };
    case '90d':
      return { from: addDays(todayDay, -89), to: todayDay };
    case 'this-month':
      return { from: `${todayDay.slice(0, 8)}01`, to: todayDay };
    case 'last-month': {
      const lastDay = addDays(`${todayDay.slice(0, 8)}01`, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

/** The preset a period matches today, else `custom`. */
export function presetOf(period: Period, todayDay: string): PresetId {
  for (const { value } of PRESETS) {
    if (value === 'custom') continue;
    const candidate = presetPeriod(value, todayDay);
    if (candidate.from === period.from && candidate.to === period.to) return value;
  }
  return 'custom';
}

/**
 * The previous period (docs/analytics.md#days-and-periods): as many days, ending the day before
 * `from`.
 */
export function previousPeriod(period: Period): Period {
  const length = periodDays(period);
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}

/** Why the server would refuse the period (pt_BR), or null when it is fine. */
export function periodError(period: Period): string | null {
  if (!isDay(period.from) || !isDay(period.to)) return 'Informe as duas datas.';
  if (period.to < period.from) return 'A data final é anterior à inicial.';
  if (periodDays(period) > MAX_PERIOD_DAYS) return `O período pode ter no máximo ${MAX_PERIOD_DAYS} dias.`;
  return null;
}

/** `2026-11-05` → `05/11/2026`. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
}

/** `2026-11-05` → `05/11` (chart axes). */
export function formatShortDay(day: string): string {
  const [, month, date] = day.split('-');
  return month && date ? `${date}/${month}` : day;
}

/** `01/11/2026 a 30/11/2026` (one day: `05/11/2026`). */
export function formatPeriod({ from, to }: Period): string {
  return from === to ? formatDay(from) : `${formatDay(from)} a ${formatDay(to)}`;
}
