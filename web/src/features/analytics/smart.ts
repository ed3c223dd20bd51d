/**
 * What the "smart" report (`/dashboard/report-smart`) adds: the period against the previous one,
 * figure by figure, and a few highlights in words, computed here from `GET /api/dashboard/analytics`
 * (and the login failures of both periods). Pure functions, so the wording is tested.
 */
import { formatMoney } from '../../lib/money';
import type { Analytics } from './api/schemas';
import { formatCount, formatDuration, formatPercent, trendOf, variation } from './format';
import { busiestCell, hourRange, WEEKDAYS } from './heatmap';
import { formatDay } from '../../lib/period';

export type Tone = 'good' | 'bad' | 'neutral';

export interface Highlight {
  id: string;
  text: string;
  tone: Tone;
}

export interface ComparisonRow {
  id: string;
  label: string;
  current: string;
  previous: string;
  ratio: number | null;
  /** Less is better (durations, failures, transfers). */
  lowerIsBetter: boolean;
}

function tone(ratio: number, lowerIsBetter: boolean): Tone {
  const trend = trendOf(ratio);
  if (trend === 'flat') return 'neutral';
  return (trend === 'down') === lowerIsBetter ? 'good' : 'bad';
}

/** `Tempo de primeira resposta caiu 18% (3 min 30 s; antes 4 min 16 s)` */
function changeHighlight(
  id: string,
  subject: string,
  current: number | null | undefined,
  previous: number | null | undefined,
  format: (value: number | null | undefined) => string,
  lowerIsBetter: boolean,
  plural = false,
): Highlight | null {
  const ratio = variation(current, previous);
  if (ratio === null) return null;
  const trend = trendOf(ratio);
  const verbs = plural
    ? { up: 'subiram', down: 'caíram', flat: 'ficaram estáveis' }
    : { up: 'subiu', down: 'caiu', flat: 'ficou estável' };
  const change = trend === 'flat' ? verbs.flat : `${verbs[trend]} ${formatPercent(Math.abs(ratio))}`;
  return {
    id,
    text: `${subject} ${change} (${format(current)}; antes ${format(previous)})`,
    tone: tone(ratio, lowerIsBetter),
  };
}

const count = (value: number | null | undefined) => formatCount(value ?? 0);

export function smartHighlights(
  data: Analytics,
  loginFailures?: { current: number; previous: number } | null,
): Highlight[] {
  const highlights: (Highlight | null)[] = [
    changeHighlight(
      'first-response',
      'Tempo de primeira resposta',
      data.firstResponse.medianSecs,
      data.previousFirstResponse.medianSecs,
      formatDuration,
      true,
    ),
    changeHighlight(
      'resolution',
      'Tempo de resolução',
      data.resolution.medianSecs,
      data.previousResolution.medianSecs,
      formatDuration,
      true,
    ),
    changeHighlight(
      'opened',
      'Tickets abertos',
      data.totals.ticketsOpened,
      data.previousTotals.ticketsOpened,
      count,
      false,
      true,
    ),
  ];
  // More tickets is neither good nor bad news: the demand.
  const opened = highlights[2];
  if (opened) opened.tone = 'neutral';

  const busiest = busiestCell(data.heatmap);
  if (busiest) {
    highlights.push({
      id: 'busiest-hour',
      text: `Horário mais movimentado: ${(WEEKDAYS[busiest.weekday] ?? '').toLowerCase()}, ${hourRange(busiest.hour)} (${formatCount(busiest.tickets)} ${busiest.tickets === 1 ? 'ticket' : 'tickets'})`,
      tone: 'neutral',
    });
  }
  const busiestDay = data.days.reduce<Analytics['days'][number] | null>(
    (best, day) => (day.ticketsOpened > (best?.ticketsOpened ?? 0) ? day : best),
    null,
  );
  if (busiestDay) {
    highlights.push({
      id: 'busiest-day',
      text: `Dia com mais tickets abertos: ${formatDay(busiestDay.day)} (${formatCount(busiestDay.ticketsOpened)})`,
      tone: 'neutral',
    });
  }
  const topReason = data.closingReasons[0];
  if (topReason && topReason.tickets > 0) {
    const share = data.totals.ticketsClosed > 0 ? topReason.tickets / data.totals.ticketsClosed : null;
    highlights.push({
      id: 'top-reason',
      text: `Motivo de encerramento mais usado: ${topReason.name} (${formatCount(topReason.tickets)} tickets${share === null ? '' : `, ${formatPercent(share)} dos encerrados`})`,
      tone: 'neutral',
    });
  }
  if (data.totals.ticketsOpened > 0) {
    const ratio = data.totals.ticketsClosed / data.totals.ticketsOpened;
    highlights.push({
      id: 'closed-ratio',
      text: `Para cada 100 tickets abertos, ${formatCount(Math.round(ratio * 100))} foram encerrados no período`,
      tone: ratio >= 1 ? 'good' : ratio < 0.8 ? 'bad' : 'neutral',
    });
  }
  if (loginFailures) {
    highlights.push(
      changeHighlight(
        'login-failures',
        'Falhas de login',
        loginFailures.current,
        loginFailures.previous,
        count,
        true,
        true,
      ),
    );
  }
  return highlights.filter((highlight): highlight is Highlight => highlight !== null);
}

/** The comparison table: each figure in the period and the previous one. */
export function comparisonRows(
  data: Analytics,
  loginFailures?: { current: number; previous: number } | null,
): ComparisonRow[] {
  const t = data.totals;
  const p = data.previousTotals;
  const row = (
    id: string,
    label: string,
    current: number | null | undefined,
    previous: number | null | undefined,
    format: (value: number | null | undefined) => string,
    lowerIsBetter = false,
  ): ComparisonRow => ({
    id,
    label,
    current: format(current),
    previous: format(previous),
    ratio: variation(current, previous),
    lowerIsBetter,
  });
  const money = (value: number | null | undefined) => formatMoney(value ?? 0);
  const rows = [
    row('opened', 'Tickets abertos', t.ticketsOpened, p.ticketsOpened, count),
    row('closed', 'Tickets encerrados', t.ticketsClosed, p.ticketsClosed, count),
    row('transferred', 'Tickets transferidos', t.ticketsTransferred, p.ticketsTransferred, count, true),
    row('messages-in', 'Mensagens recebidas', t.messagesIn, p.messagesIn, count),
    row('messages-out', 'Mensagens enviadas', t.messagesOut, p.messagesOut, count),
    row(
      'first-response',
      'Primeira resposta (mediana)',
      data.firstResponse.medianSecs,
      data.previousFirstResponse.medianSecs,
      formatDuration,
      true,
    ),
    row(
      'resolution',
      'Resolução (mediana)',
      data.resolution.medianSecs,
      data.previousResolution.medianSecs,
      formatDuration,
      true,
    ),
    row('orders', 'Pedidos', t.ordersCount, p.ordersCount, count),
    row('orders-value', 'Valor dos pedidos', t.ordersValueCents, p.ordersValueCents, money),
  ];
  if (loginFailures) {
    rows.push(row('login-failures', 'Falhas de login', loginFailures.current, loginFailures.previous, count, true));
  }
  return rows;
}
