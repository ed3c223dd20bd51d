/**
 * The distribution's offers (docs/service-levels.md#distribution, "Offers by request"): with a
 * policy's offer time, the chosen person is asked instead of handed the ticket — a transfer request
 * from nobody (`fromUser` null) to them, the ticket `transferring` and theirs while it waits, its
 * note "Distribuição automática: aceite em até 60 s". They accept or decline it as any transfer;
 * unanswered in time, the server cancels it and asks the next person. Here: telling an offer from a
 * person's transfer, and how long is left to accept it.
 */

/** What the inbox calls an offer (the transfer card's title, the notification's). */
export const OFFER_TITLE = 'Oferta da distribuição';

/**
 * Whether a transfer is the distribution's offer: from nobody, to a person. A person's transfer is
 * always from the ticket's owner (only an accepted ticket may be transferred), and the distribution
 * never offers to a department.
 */
export function isOffer(transfer: { fromUser?: unknown; toDepartment?: unknown }): boolean {
  return transfer.fromUser == null && transfer.toDepartment == null;
}

const SECONDS_IN_NOTE = /aceite em até (\d+)\s*s\b/i;

/** The seconds an offer's note gives to accept ("… aceite em até 60 s" → 60), or null. */
export function offerSeconds(note: string | null | undefined): number | null {
  const match = note ? SECONDS_IN_NOTE.exec(note) : null;
  const seconds = match?.[1] ? Number(match[1]) : NaN;
  return Number.isInteger(seconds) && seconds > 0 ? seconds : null;
}

/**
 * When an offer's time is up (ms since the epoch): its creation plus the seconds of its note; null
 * when the note says no time or the date does not read.
 */
export function offerDeadline(transfer: { createdAt: string; note?: string | null }): number | null {
  const seconds = offerSeconds(transfer.note);
  const created = Date.parse(transfer.createdAt);
  if (seconds === null || Number.isNaN(created)) return null;
  return created + seconds * 1000;
}

/** Whole seconds left until `deadline` (0 once passed; a started second counts). */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** "0:42", "1:05", "10:00": minutes and seconds. */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The countdown's words: "aceite em 0:42", then "tempo esgotado". */
export function countdownText(seconds: number): string {
  return seconds > 0 ? `aceite em ${clockText(seconds)}` : 'tempo esgotado';
}
