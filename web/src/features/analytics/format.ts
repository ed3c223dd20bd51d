/** How the dashboards write numbers, durations and variations (pt_BR, `Intl`). */

const INTEGER = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const ONE_DECIMAL = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const PERCENT = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 });

/** `5.120` */
export function formatCount(value: number): string {
  return INTEGER.format(value);
}

/**
 * A duration in seconds the way people say it: `45 s`, `3 min 20 s`, `1 h 30 min`, `2 d 4 h`
 * (the two largest units, zero parts left out); `—` when there is no sample (null).
 */
export function formatDuration(secs: number | null | undefined): string {
  if (secs === null || secs === undefined || !Number.isFinite(secs)) return '—';
  const total = Math.max(0, Math.round(secs));
  if (total < 60) return `${total} s`;
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts: [number, string][] =
    days > 0
      ? [
          [days, 'd'],
          [hours, 'h'],
        ]
      : hours > 0
        ? [
            [hours, 'h'],
            [minutes, 'min'],
          ]
        : [
            [minutes, 'min'],
            [seconds, 's'],
          ];
  return parts
    .filter(([value], index) => index === 0 || value > 0)
    .map(([value, unit]) => `${value} ${unit}`)
    .join(' ');
}

/** Round steps for a time axis, in seconds: 10 s up to 10 days. */
const DURATION_STEPS = [
  10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400, 172_800, 432_000, 864_000,
];

/**
 * The ticks of a time axis that reaches `max` seconds: from 0 in the smallest round step (10 s,
 * 15 s, 30 s, 1 min, 2 min, 5 min, … 1 h, 2 h, … 1 d, …) that needs at most 4 steps, so the labels
 * are round (`15 min`, `30 min`) instead of a fifth of the maximum (`11 min 40 s`).
 */
export function durationTicks(max: number): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : 0;
  const step =
    DURATION_STEPS.find((candidate) => Math.ceil(top / candidate) <= 4) ?? Math.ceil(top / 4 / 864_000) * 864_000;
  const count = Math.max(1, Math.ceil(top / step));
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}

/**
 * A time axis label, short enough not to wrap: `0`, `30 s`, `15 min`, `1 h`, `1 h 30`, `2 d`,
 * `1 d 12 h`. (The tooltips and tables say durations in full with `formatDuration`.)
 */
export function formatDurationTick(secs: number): string {
  const total = Math.max(0, Math.round(secs));
  if (total === 0) return '0';
  if (total < 60) return `${total} s`;
  if (total < 3600) {
    const minutes = Math.floor(total / 60);
    const seconds = total % 60;
    return seconds === 0 ? `${minutes} min` : `${minutes}:${String(seconds).padStart(2, '0')} min`;
  }
  if (total < 86_400) {
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    return minutes === 0 ? `${hours} h` : `${hours} h ${String(minutes).padStart(2, '0')}`;
  }
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  return hours === 0 ? `${days} d` : `${days} d ${hours} h`;
}

/** Seconds as hours with one decimal: `28,0 h` (time online). */
export function formatHours(secs: number): string {
  return `${ONE_DECIMAL.format(secs / 3600)} h`;
}

/** A ratio as a percentage: 0.18 → `18%`. */
export function formatPercent(ratio: number): string {
  return PERCENT.format(ratio);
}

/**
 * A part of a total as a percentage: `74%`; `menos de 1%` for a part too small to round to 1 %
 * (never a misleading `0%`), `—` when the total is zero.
 */
export function formatShare(part: number, total: number): string {
  if (!(total > 0)) return '—';
  const ratio = part / total;
  if (part > 0 && ratio < 0.005) return `menos de ${PERCENT.format(0.01)}`;
  return PERCENT.format(ratio);
}

/**
 * The change from `previous` to `current` as a ratio (0.12 = 12 % more), or null when it cannot
 * be told: a figure missing on either side, or a previous zero (no base to compare with).
 */
export function variation(current: number | null | undefined, previous: number | null | undefined): number | null {
  if (current === null || current === undefined || previous === null || previous === undefined) return null;
  if (previous === 0) return null;
  return (current - previous) / previous;
}

export type Trend = 'up' | 'down' | 'flat';

/** Changes under half a percent read as "no change". */
export function trendOf(ratio: number): Trend {
  if (Math.abs(ratio) < 0.005) return 'flat';
  return ratio > 0 ? 'up' : 'down';
}

/** What an SLA attainment without a sample says (tooltip, accessible text, a card's line). */
export const NO_SLA_SAMPLE = 'Nenhum atendimento com meta encerrado no período';

/**
 * An SLA's attainment (docs/analytics.md#definitions): the share of the tickets closed with the
 * target that met it, 0–1; null when none had the target (no sample).
 */
export function attainment(met: number, tickets: number): number | null {
  if (!(tickets > 0)) return null;
  return Math.min(1, Math.max(0, met / tickets));
}

/**
 * An attainment as a percentage with one decimal: `92,3 %` (never a misleading `100,0 %` while one
 * ticket missed the target, nor `0,0 %` while one met it); `—` without a sample.
 */
export function formatAttainment(met: number, tickets: number): string {
  const ratio = attainment(met, tickets);
  if (ratio === null) return '—';
  let percent = Math.round(ratio * 1000) / 10;
  if (percent === 100 && met < tickets) percent = 99.9;
  else if (percent === 0 && met > 0) percent = 0.1;
  return `${ONE_DECIMAL.format(percent)} %`;
}

/** The sample of an attainment: `n = 130`. */
export function formatSample(tickets: number): string {
  return `n = ${formatCount(tickets)}`;
}

/** An attainment with its sample: `92,3 % · n = 130`; `—` without a sample. */
export function formatAttainmentWithSample(met: number, tickets: number): string {
  return tickets > 0 ? `${formatAttainment(met, tickets)} · ${formatSample(tickets)}` : '—';
}
