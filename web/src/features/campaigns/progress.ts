/**
 * A campaign's progress as the screen draws it: recipients by status (they add up to `total`), the
 * share each status takes of the bar, how many have left the queue, and durations in pt_BR.
 */
import { RECIPIENT_STATUSES, type RecipientStatus } from '../../lib/campaign-statuses';
import type { Counts } from './api/schemas';

const COUNT = new Intl.NumberFormat('pt-BR');
const PERCENT = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 });

export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** Recipients no longer waiting (every status but `pending`). */
export function processed(counts: Counts): number {
  return counts.sent + counts.delivered + counts.read + counts.replied + counts.failed;
}

/** 0–100: the share of `total` that left the queue (100 for an empty campaign that finished). */
export function processedPercent(counts: Counts, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, (processed(counts) / total) * 100);
}

export function formatPercent(value: number): string {
  return PERCENT.format(value / 100);
}

/** The sections of the bar, in the order a message goes: sent, delivered, read, replied; failed last. */
export const BAR_STATUSES: readonly RecipientStatus[] = ['replied', 'read', 'delivered', 'sent', 'failed'];

export interface BarSection {
  status: RecipientStatus;
  count: number;
  /** 0–100 of the bar. */
  value: number;
}

export function barSections(counts: Counts, total: number): BarSection[] {
  if (total <= 0) return [];
  return BAR_STATUSES.map((status) => ({
    status,
    count: counts[status],
    value: (counts[status] / total) * 100,
  })).filter((section) => section.count > 0);
}

/** Every status with its count, in the order of a message's life (the legend). */
export function legend(counts: Counts): { status: RecipientStatus; count: number }[] {
  return RECIPIENT_STATUSES.map((status) => ({ status, count: counts[status] }));
}

/** `45 s`, `12 min`, `2 h 5 min`, `1 dia 3 h`. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total} s`;
  const minutes = Math.round(total / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 24) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const hoursLeft = hours % 24;
  return `${days} ${days === 1 ? 'dia' : 'dias'}${hoursLeft > 0 ? ` ${hoursLeft} h` : ''}`;
}

/** The time the waiting recipients still take at `ratePerMinute` (null without a rate). */
export function remainingAtRate(pending: number, ratePerMinute: number | null): number | null {
  if (ratePerMinute === null || ratePerMinute <= 0) return null;
  return Math.ceil((pending / ratePerMinute) * 60);
}
