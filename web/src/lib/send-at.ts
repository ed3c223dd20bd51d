/**
 * When a scheduled message goes (features/scheduled-messages, components/ScheduleMessageModal): a
 * São Paulo day and time — what the person picks — ⇄ the ISO 8601 moment with its offset the server
 * takes (`2026-12-10T09:00:00-03:00`), the quick choices of the pick ("Amanhã 9h", "Em 1 hora",
 * "Segunda 9h") and a moment as the lists show it (`qui., 10/12 às 09:00`). The offset is read from
 * the time zone database (America/Sao_Paulo: −03:00 since 2019), not assumed.
 */

const ZONE = 'America/Sao_Paulo';
/** São Paulo's offset when the browser cannot say it (−03:00, all year since 2019). */
const FALLBACK_OFFSET = -180;

/** A São Paulo day and time as the fields hold them: `YYYY-MM-DD` and `HH:MM` ('' = none). */
export interface WallClock {
  date: string;
  time: string;
}

const CLOCK = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const WEEKDAY = new Intl.DateTimeFormat('pt-BR', { timeZone: ZONE, weekday: 'short' });

let offsetFormat: Intl.DateTimeFormat | null | undefined;

/** Minutes east of UTC in São Paulo at `instant` (−180 = −03:00). */
function offsetMinutes(instant: number): number {
  if (offsetFormat === undefined) {
    try {
      offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' });
    } catch {
      offsetFormat = null;
    }
  }
  if (offsetFormat === null) return FALLBACK_OFFSET;
  const name = offsetFormat.formatToParts(new Date(instant)).find((part) => part.type === 'timeZoneName')?.value;
  if (name === 'GMT') return 0;
  const match = /^GMT([+-])(\d{1,2}):?(\d{2})?$/.exec(name ?? '');
  if (!match) return FALLBACK_OFFSET;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** `-180` → `-03:00`. */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function isWhole(clock: WallClock): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(clock.date) && /^\d{2}:\d{2}$/.test(clock.time);
}

/**
 * The moment the server takes for a São Paulo day and time, with its offset:
 * `{date: '2026-12-10', time: '09:00'}` → `2026-12-10T09:00:00-03:00`. Null while either is missing.
 */
export function toSendAt(clock: WallClock): string | null {
  if (!isWhole(clock)) return null;
  const asUtc = Date.parse(`${clock.date}T${clock.time}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  // The offset at that moment: guessed from the fallback, then read once more at the real moment.
  const guess = offsetMinutes(asUtc - FALLBACK_OFFSET * 60_000);
  const offset = offsetMinutes(asUtc - guess * 60_000);
  return `${clock.date}T${clock.time}:00${offsetText(offset)}`;
}

/** The São Paulo day and time of a moment (an ISO string or a Date); empty when unreadable. */
export function wallClockOf(moment: string | Date): WallClock {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return { date: '', time: '' };
  const parts = Object.fromEntries(CLOCK.formatToParts(date).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** `YYYY-MM-DD` plus `days` calendar days. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Tomorrow (São Paulo) at `HH:00`: the default pick, 09:00. */
export function tomorrowAt(now: Date, hour = 9): WallClock {
  return { date: addDays(wallClockOf(now).date, 1), time: `${String(hour).padStart(2, '0')}:00` };
}

/** The next Monday after today (São Paulo) at `HH:00` (a Sunday's is tomorrow). */
export function nextMondayAt(now: Date, hour = 9): WallClock {
  const today = wallClockOf(now).date;
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const days = (1 - weekday + 7) % 7 || 7;
  return { date: addDays(today, days), time: `${String(hour).padStart(2, '0')}:00` };
}

/** An hour from now, to the next whole minute (São Paulo). */
export function inOneHour(now: Date): WallClock {
  return wallClockOf(new Date(Math.ceil((now.getTime() + 3_600_000) / 60_000) * 60_000));
}

/** The farthest ahead a message may be scheduled (the server's rule: within a year). */
const MAX_AHEAD_MS = 366 * 86_400_000;

/** The server's own words for a moment it refuses (422 `invalid_send_at`). */
export const INVALID_SEND_AT = 'Escolha uma data e hora no futuro, em até um ano.';

/** What is wrong with a pick, in pt_BR, or null: missing, past, or more than a year ahead. */
export function sendAtError(clock: WallClock, now: Date): string | null {
  const sendAt = toSendAt(clock);
  if (sendAt === null) return 'Escolha a data e a hora.';
  const at = Date.parse(sendAt);
  return at <= now.getTime() || at > now.getTime() + MAX_AHEAD_MS ? INVALID_SEND_AT : null;
}

/**
 * A moment as the lists and notices say it, São Paulo time: `qui., 10/12 às 09:00`, with the year
 * (`qui., 10/12/2025 às 09:00`) when it is not this year's; '—' when unreadable.
 */
export function formatSendAt(moment: string, now: Date = new Date()): string {
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) return '—';
  const clock = wallClockOf(date);
  const [year, month, day] = clock.date.split('-');
  const sameYear = year === wallClockOf(now).date.slice(0, 4);
  return `${WEEKDAY.format(date)}, ${day}/${month}${sameYear ? '' : `/${year}`} às ${clock.time}`;
}
