/**
 * The productivity table's columns and order (docs/analytics.md, `GET /api/dashboard/productivity`):
 * the server answers by name; the screen sorts by any column. An agent without a sample (a null
 * median, no ticket with an SLA target) always comes last, whichever way the column is sorted.
 */
import type { ProductivityAgent } from './api/schemas';
import type { FigureId } from './definitions';
import { attainment, formatAttainmentWithSample, formatCount, formatDuration, formatHours } from './format';

export type ProductivityColumn =
  | 'name'
  | 'ticketsAttended'
  | 'ticketsClosed'
  | 'transfersIn'
  | 'transfersOut'
  | 'firstResponseMedianSecs'
  | 'resolutionMedianSecs'
  | 'slaResponse'
  | 'slaResolution'
  | 'messagesSent'
  | 'quickRepliesUsed'
  | 'onlineSecs';

export type SortDirection = 'ascending' | 'descending';

export interface ProductivitySort {
  column: ProductivityColumn;
  direction: SortDirection;
}

/** An SLA column's figures: tickets closed with the target (n) and those that met it. */
export interface AttainmentFigures {
  met: number;
  tickets: number;
}

export interface ProductivityColumnSpec {
  column: ProductivityColumn;
  label: string;
  figure?: FigureId;
  format: (agent: ProductivityAgent) => string;
  /** An SLA attainment column: its figures (the table draws `92,3 % · n = 130`, or `—` and why). */
  attainment?: (agent: ProductivityAgent) => AttainmentFigures;
}

const slaResponse = (a: ProductivityAgent): AttainmentFigures => ({
  met: a.slaResponseMet,
  tickets: a.slaResponseTickets,
});
const slaResolution = (a: ProductivityAgent): AttainmentFigures => ({
  met: a.slaResolutionMet,
  tickets: a.slaResolutionTickets,
});

export const PRODUCTIVITY_COLUMNS: readonly ProductivityColumnSpec[] = [
  { column: 'name', label: 'Atendente', format: (agent) => agent.name },
  { column: 'ticketsAttended', label: 'Atendidos', figure: 'attended', format: (a) => formatCount(a.ticketsAttended) },
  {
    column: 'ticketsClosed',
    label: 'Encerrados',
    figure: 'ticketsClosed',
    format: (a) => formatCount(a.ticketsClosed),
  },
  {
    column: 'transfersIn',
    label: 'Transf. recebidas',
    figure: 'transfersIn',
    format: (a) => formatCount(a.transfersIn),
  },
  {
    column: 'transfersOut',
    label: 'Transf. feitas',
    figure: 'transfersOut',
    format: (a) => formatCount(a.transfersOut),
  },
  {
    column: 'firstResponseMedianSecs',
    label: '1ª resposta (mediana)',
    figure: 'firstResponse',
    format: (a) => formatDuration(a.firstResponseMedianSecs),
  },
  {
    column: 'resolutionMedianSecs',
    label: 'Resolução (mediana)',
    figure: 'resolution',
    format: (a) => formatDuration(a.resolutionMedianSecs),
  },
  {
    column: 'slaResponse',
    label: 'SLA de 1ª resposta',
    figure: 'slaResponse',
    format: (a) => formatAttainmentWithSample(a.slaResponseMet, a.slaResponseTickets),
    attainment: slaResponse,
  },
  {
    column: 'slaResolution',
    label: 'SLA de resolução',
    figure: 'slaResolution',
    format: (a) => formatAttainmentWithSample(a.slaResolutionMet, a.slaResolutionTickets),
    attainment: slaResolution,
  },
  {
    column: 'messagesSent',
    label: 'Mensagens enviadas',
    figure: 'messagesOut',
    format: (a) => formatCount(a.messagesSent),
  },
  {
    column: 'quickRepliesUsed',
    label: 'Respostas rápidas',
    figure: 'quickReplies',
    format: (a) => formatCount(a.quickRepliesUsed),
  },
  { column: 'onlineSecs', label: 'Tempo online', figure: 'onlineTime', format: (a) => formatHours(a.onlineSecs) },
];

const NAME_ORDER = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/**
 * The value a column sorts by: the figure, an attainment's share (null without a sample), the
 * median (null without a sample).
 */
function sortValue(agent: ProductivityAgent, column: Exclude<ProductivityColumn, 'name'>): number | null {
  if (column === 'slaResponse') return attainment(agent.slaResponseMet, agent.slaResponseTickets);
  if (column === 'slaResolution') return attainment(agent.slaResolutionMet, agent.slaResolutionTickets);
  return agent[column] ?? null;
}

/**
 * The first click on a column: names A–Z, durations shortest first, counts and attainments largest
 * first.
 */
export function defaultDirection(column: ProductivityColumn): SortDirection {
  return column === 'name' || column === 'firstResponseMedianSecs' || column === 'resolutionMedianSecs'
    ? 'ascending'
    : 'descending';
}

/** The next sort after clicking `column`: the same column flips, another starts at its default. */
export function nextSort(current: ProductivitySort, column: ProductivityColumn): ProductivitySort {
  if (current.column === column) {
    return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { column, direction: defaultDirection(column) };
}

export function sortAgents(agents: readonly ProductivityAgent[], sort: ProductivitySort): ProductivityAgent[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...agents].sort((a, b) => {
    if (sort.column === 'name') return sign * NAME_ORDER.compare(a.name, b.name);
    const left = sortValue(a, sort.column);
    const right = sortValue(b, sort.column);
    if (left === null) return right === null ? NAME_ORDER.compare(a.name, b.name) : 1;
    if (right === null) return -1;
    return sign * (left - right) || NAME_ORDER.compare(a.name, b.name);
  });
}
