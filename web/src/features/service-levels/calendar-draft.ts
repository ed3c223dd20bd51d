/**
 * The calendar editor's draft: the server's calendar shaped for the form — seven days of intervals
 * and the holidays, each row with a local `uid` so a removed row keeps the others' inputs — and
 * back (`toInput`: what `PUT /api/calendar` takes, sorted). Also the checks made before saving, and
 * where the server's 422 field names (`businessHours[3].end`, `holidays[0]`) point in the form:
 * the hours and holidays are sent sorted, so their indexes are mapped back to the rows they came
 * from.
 */
import type { FormErrors } from '@mantine/form';
import { MAX_HOLIDAYS, MAX_INTERVALS, type CalendarInput } from './api/schemas';
import { flatPositions, flattenHours, groupHours, intervalErrors, type Interval } from './hours';

export interface IntervalDraft extends Interval {
  /** Local identity (React's key); never sent. */
  uid: string;
}

export interface HolidayDraft {
  uid: string;
  /** `YYYY-MM-DD`; '' while not typed. */
  date: string;
}

export interface CalendarDraft {
  /** Seven days (0 = domingo), each with its opening intervals. */
  hours: IntervalDraft[][];
  holidays: HolidayDraft[];
}

let sequence = 0;

/** A fresh local id. */
export function newUid(): string {
  sequence += 1;
  return `c${sequence}`;
}

/** Seven days of intervals, each given a local id. */
export function withUids(days: readonly (readonly Interval[])[]): IntervalDraft[][] {
  return days.map((day) => day.map((interval) => ({ start: interval.start, end: interval.end, uid: newUid() })));
}

export function toDraft(calendar: CalendarInput): CalendarDraft {
  return {
    hours: withUids(groupHours(calendar.businessHours)),
    holidays: [...calendar.holidays].sort().map((date) => ({ uid: newUid(), date })),
  };
}

/** The holidays as sent: by date (with the form's index of each). */
function sortedHolidays(holidays: readonly HolidayDraft[]): { date: string; index: number }[] {
  return holidays.map((holiday, index) => ({ date: holiday.date, index })).sort((a, b) => a.date.localeCompare(b.date));
}

/** The calendar as the server takes it: hours by weekday and start, holidays by date. */
export function toInput(draft: CalendarDraft): CalendarInput {
  return {
    businessHours: flattenHours(draft.hours),
    holidays: sortedHolidays(draft.holidays).map((holiday) => holiday.date),
  };
}

/** What must be right before saving (the server checks it all again), by form path. */
export function validateCalendar(draft: CalendarDraft): FormErrors {
  const errors: FormErrors = {};
  const put = (path: string, message: string | null) => {
    if (message) errors[path] = message;
  };
  draft.hours.forEach((day, weekday) => {
    intervalErrors(day).forEach((error, index) => {
      put(`hours.${weekday}.${index}.start`, error.start ?? null);
      put(`hours.${weekday}.${index}.end`, error.end ?? null);
    });
  });
  const intervals = draft.hours.reduce((count, day) => count + day.length, 0);
  if (intervals > MAX_INTERVALS) put('hours', `Até ${MAX_INTERVALS} intervalos por semana.`);
  const seen = new Set<string>();
  draft.holidays.forEach((holiday, index) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(holiday.date)) put(`holidays.${index}.date`, 'Informe a data ou remova a linha.');
    else if (seen.has(holiday.date)) put(`holidays.${index}.date`, 'Data repetida.');
    seen.add(holiday.date);
  });
  if (draft.holidays.length > MAX_HOLIDAYS) put('holidays', `Até ${MAX_HOLIDAYS} feriados.`);
  return errors;
}

/**
 * The server's field names (as a 422 of `toInput(draft)` names them) → the form's paths, for
 * lib/api-errors' `formErrors`. An interval's weekday or start points at its start, its end at its
 * end; the limits (`businessHours`, `holidays`) at the week and the holidays as a whole.
 */
export function serverFieldMap(draft: CalendarDraft): Record<string, string> {
  const map: Record<string, string> = { businessHours: 'hours', holidays: 'holidays' };
  flatPositions(draft.hours).forEach(([weekday, index], flat) => {
    const base = `hours.${weekday}.${index}`;
    map[`businessHours[${flat}]`] = `${base}.start`;
    map[`businessHours[${flat}].start`] = `${base}.start`;
    map[`businessHours[${flat}].end`] = `${base}.end`;
    map[`businessHours[${flat}].weekday`] = `${base}.start`;
  });
  sortedHolidays(draft.holidays).forEach(({ index }, sent) => {
    map[`holidays[${sent}]`] = `holidays.${index}.date`;
  });
  return map;
}
