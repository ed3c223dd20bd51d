/**
 * The company's opening hours (the calendar every bot and SLA clock reads) as the editor shows them
 * — a week of days, each with zero or more opening intervals (`HH:MM`, São Paulo time) — and as the
 * server takes them, one flat list of `{weekday, start, end}` (0 = domingo). No interval on any day
 * means always open; a day without intervals, when others have some, is closed.
 */
import { WEEKDAYS } from '../../lib/dates';
import type { BusinessHours } from './api/schemas';

export { WEEKDAYS };

export interface Interval {
  start: string;
  end: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** `08:00`, `23:59`: a valid `HH:MM`. */
export function isTime(value: string): boolean {
  return TIME.test(value);
}

function byStart(a: Interval, b: Interval): number {
  return a.start.localeCompare(b.start) || a.end.localeCompare(b.end);
}

/** The server's list as seven days (index = weekday), each day's intervals by start. */
export function groupHours(list: readonly BusinessHours[]): Interval[][] {
  const days: Interval[][] = WEEKDAYS.map(() => []);
  for (const entry of list) {
    days[entry.weekday]?.push({ start: entry.start, end: entry.end });
  }
  return days.map((day) => day.sort(byStart));
}

/** Seven days back into the server's list: by weekday, then by start. */
export function flattenHours(days: readonly (readonly Interval[])[]): BusinessHours[] {
  return days.flatMap((day, weekday) =>
    [...day].sort(byStart).map((interval) => ({ weekday, start: interval.start, end: interval.end })),
  );
}

/** Where each interval of `days` lands in `flattenHours(days)`: `[weekday, index in the day]` per flat index. */
export function flatPositions(days: readonly (readonly Interval[])[]): [number, number][] {
  return days.flatMap((day, weekday) =>
    day
      .map((interval, index) => ({ interval, index }))
      .sort((a, b) => byStart(a.interval, b.interval))
      .map(({ index }): [number, number] => [weekday, index]),
  );
}

export interface IntervalError {
  start?: string;
  end?: string;
}

/**
 * What is wrong with one day's intervals, per interval (same order): a time that is not `HH:MM`,
 * an end not after its start, or an interval that starts before the previous one ends.
 */
export function intervalErrors(day: readonly Interval[]): IntervalError[] {
  const errors: IntervalError[] = day.map((interval) => {
    if (!isTime(interval.start)) return { start: 'Informe a hora de início.' };
    if (!isTime(interval.end)) return { end: 'Informe a hora de fim.' };
    if (interval.end <= interval.start) return { end: 'O fim deve ser depois do início.' };
    return {};
  });
  const valid = day
    .map((interval, index) => ({ interval, index }))
    .filter(({ index }) => Object.keys(errors[index] ?? {}).length === 0)
    .sort((a, b) => byStart(a.interval, b.interval));
  for (let n = 1; n < valid.length; n += 1) {
    const previous = valid[n - 1];
    const current = valid[n];
    if (previous && current && current.interval.start < previous.interval.end) {
      errors[current.index] = {
        start: `Sobrepõe o intervalo ${previous.interval.start}–${previous.interval.end}.`,
      };
    }
  }
  return errors;
}

/** True when no day has an interval: every moment counts as open. */
export function alwaysOpen(days: readonly (readonly Interval[])[]): boolean {
  return days.every((day) => day.length === 0);
}

/** `08:00–12:00, 13:00–18:00`, or `Sem horário` (closed). */
export function describeDay(day: readonly Interval[]): string {
  if (day.length === 0) return 'Sem horário';
  return [...day]
    .sort(byStart)
    .map((interval) => `${interval.start}–${interval.end}`)
    .join(', ');
}

/** `2026-12-25` → `25/12/2026` (a calendar day: no time zone involved). */
export function formatHoliday(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** Monday to Friday, 08:00 to 18:00: the quick start of an empty calendar. */
export function weekdaysPreset(): Interval[][] {
  return WEEKDAYS.map((_, weekday) => (weekday >= 1 && weekday <= 5 ? [{ start: '08:00', end: '18:00' }] : []));
}
