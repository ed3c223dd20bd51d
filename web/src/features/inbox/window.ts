/**
 * WhatsApp's customer-service window (official numbers, Meta's Cloud API): free text may be sent
 * only until 24 h after the customer's last message; after that only an approved message template.
 * The server says when it closes (`windowClosesAt` of a ticket; null for numbers without the rule).
 * Pure time math, with the time passed in, so the tests choose it.
 */

/** What the window's chip explains (its title). */
export const WINDOW_EXPLANATION =
  'O WhatsApp oficial só aceita texto livre até 24 h depois da última mensagem do cliente; depois, só modelos aprovados.';

/** Under this much time left the chip turns orange (ms). */
export const WINDOW_CLOSING_SOON_MS = 2 * 60 * 60 * 1000;

/** How often the remaining time is worked out again while the window is open (ms). */
export const WINDOW_TICK_MS = 30_000;

/**
 * `none`: the ticket's number has no window (not official: everything as before); `open` until
 * `closesAt` (epoch ms) with `remainingMs` left; `closed` from `closesAt` on (the instant itself
 * included).
 */
export type ServiceWindow =
  { state: 'none' } | { state: 'open'; closesAt: number; remainingMs: number } | { state: 'closed'; closesAt: number };

export const NO_WINDOW: ServiceWindow = { state: 'none' };

/** The instant the window closes (epoch ms), or null: none, or a time that cannot be read. */
export function closingTime(windowClosesAt: string | null | undefined): number | null {
  if (!windowClosesAt) return null;
  const at = Date.parse(windowClosesAt);
  return Number.isNaN(at) ? null : at;
}

/** The window of a ticket at `now`. */
export function serviceWindow(windowClosesAt: string | null | undefined, now: Date | number): ServiceWindow {
  const closesAt = closingTime(windowClosesAt);
  if (closesAt === null) return NO_WINDOW;
  const remainingMs = closesAt - (typeof now === 'number' ? now : now.getTime());
  return remainingMs > 0 ? { state: 'open', closesAt, remainingMs } : { state: 'closed', closesAt };
}

/** Whether only a template may be sent now. */
export function isClosed(window: ServiceWindow): boolean {
  return window.state === 'closed';
}

/** `2 h 14 min`, `3 h`, `38 min`, `instantes` (whole minutes, rounded down: never more than is left). */
function remaining(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'instantes';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The chip's text: "Janela fecha em 2 h 14 min", "Janela de 24 h fechada"; '' without a window. */
export function windowLabel(window: ServiceWindow): string {
  switch (window.state) {
    case 'none':
      return '';
    case 'open':
      return `Janela fecha em ${remaining(window.remainingMs)}`;
    case 'closed':
      return 'Janela de 24 h fechada';
  }
}

/** `open` (2 h or more left), `closing` (less), `closed`; null without a window. */
export type WindowTone = 'open' | 'closing' | 'closed';

export function windowTone(window: ServiceWindow): WindowTone | null {
  if (window.state === 'none') return null;
  if (window.state === 'closed') return 'closed';
  return window.remainingMs < WINDOW_CLOSING_SOON_MS ? 'closing' : 'open';
}
