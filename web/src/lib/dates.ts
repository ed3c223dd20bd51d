/**
 * Dates as the back-office shows them: pt_BR, in São Paulo time (docs/data-model.md: stored in UTC,
 * shown in America/Sao_Paulo).
 */
/**
 * The date fields' settings (`DatesProvider`, app/provider.tsx; components/DateField.tsx): dayjs'
 * `pt-br` (docs/contracts.md#constants: default locale pt_BR), weeks from Sunday as in Brazil.
 */
export const DATES_SETTINGS = { locale: 'pt-br', firstDayOfWeek: 0 } as const;

const DATE_TIME = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});
const DATE = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' });

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `21/11/2026, 15:04`, or '—' when absent or unreadable. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? DATE_TIME.format(date) : '—';
}

/** `21/11/2026`, or '—'. */
export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? DATE.format(date) : '—';
}

const TIME = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' });
const DAY_KEY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });
const LONG_DATE = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' });
const RELATIVE = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto', style: 'short' });

/** `15:04` (São Paulo time), or '—'. */
export function formatTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? TIME.format(date) : '—';
}

/** The São Paulo calendar day of a date, `2026-11-21` (to compare days). */
export function dayKey(date: Date): string {
  return DAY_KEY.format(date);
}

/** Days between two São Paulo calendar days (`later` − `earlier`). */
function daysBetween(earlier: Date, later: Date): number {
  const [a, b] = [dayKey(earlier), dayKey(later)].map((key) => Date.parse(`${key}T00:00:00Z`));
  return Math.round(((b ?? 0) - (a ?? 0)) / 86_400_000);
}

/**
 * How long ago, in pt_BR: `agora`, `há 5 min.`, `há 3 h`, `ontem`, `há 3 dias`, then the date
 * (`21/11/2026`). '—' when absent.
 */
export function formatRelative(value: string | null | undefined, now: Date = new Date()): string {
  const date = parse(value);
  if (!date) return '—';
  const seconds = Math.round((now.getTime() - date.getTime()) / 1000);
  if (seconds < 45) return 'agora';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return RELATIVE.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  const days = daysBetween(date, now);
  if (days === 0) return RELATIVE.format(-hours, 'hour');
  if (days < 7) return RELATIVE.format(-days, 'day');
  return DATE.format(date);
}

/** A day as a conversation separates them: `Hoje`, `Ontem`, or `21 de novembro de 2026`. */
export function formatDayLabel(value: string | null | undefined, now: Date = new Date()): string {
  const date = parse(value);
  if (!date) return '—';
  const days = daysBetween(date, now);
  if (days === 0) return 'Hoje';
  if (days === 1) return 'Ontem';
  return LONG_DATE.format(date);
}

/** Days of the week in pt_BR, 0 = domingo (as the server numbers them). */
export const WEEKDAYS = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
] as const;

/** `YYYY-MM-DD` of a real calendar day, or null (2026-02-31 is not one). */
function realDay(year: string, month: string, day: string): string | null {
  const text = `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text ? null : text;
}

/**
 * A day typed in a date field the pt_BR way — `05/11/2026`, also `5/11/2026`, `05-11-2026`,
 * `05.11.2026` or `05112026` — or pasted as `2026-11-05`, as the `YYYY-MM-DD` the server takes; null
 * while it is not a whole, real day (a half-typed `05/11/20` sets nothing).
 */
export function parseTypedDay(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) return realDay(iso[1] ?? '', iso[2] ?? '', iso[3] ?? '');
  const typed = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(value);
  return typed ? realDay(typed[3] ?? '', typed[2] ?? '', typed[1] ?? '') : null;
}

/**
 * A day and time typed the pt_BR way (`29/11/2026 23:00`; the day as `parseTypedDay` reads it, the
 * time `H:MM` or `HH:MM`, 24 h) as `2026-11-29 23:00:00`; null while incomplete or not real.
 */
export function parseTypedDateTime(text: string): string | null {
  const match = /^(\S+)\s+(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const day = parseTypedDay(match[1] ?? '');
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (day === null || hours > 23 || minutes > 59) return null;
  return `${day} ${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:00`;
}

/**
 * A time of day typed 24-hour (`09:05`, also `9:05`, `0905` or `905`) as `HH:MM`; null while it is
 * not a whole time (`9`, `09:0`) or not a real one (`24:00`, `09:60`).
 */
export function parseTypedTime(text: string): string | null {
  const match = /^(\d{1,2}):?(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
