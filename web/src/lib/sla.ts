/**
 * A ticket's SLA (docs/service-levels.md#sla-policies) as every screen that shows it knows it: the
 * inbox (the queue's badge, the conversation's header), the control panel's "Prestes a estourar"
 * and the notifications of app/realtime.ts. The server keeps the clock — in open minutes of the
 * company's calendar — and sends each ticket's `sla`: `null` when no policy applies, else its state
 * (`on_time`, `at_risk` once 80 % of a target's time has passed, `breached` at its due instant), the
 * due instants of its targets, whether the first response is settled and whether the resolution
 * clock waits on the customer. Pure words and time math here, with the time passed in.
 */
import * as z from 'zod/mini';
import { dayKey, formatTime } from './dates';

export const SLA_STATES = ['on_time', 'at_risk', 'breached'] as const;
export type SlaState = (typeof SLA_STATES)[number];

/** The share of a target's time after which it is "em risco" (the server's `AT_RISK_PERCENT`). */
export const SLA_AT_RISK_PERCENT = 80;

/** The socket's event of a ticket whose SLA state changed. */
export const TICKET_SLA_CHANGED_EVENT = 'TicketSlaChanged';

export const SlaSchema = z.object({
  /** A state this app does not know yet reads as on time: it never hides the ticket. */
  state: z.catch(z.enum(SLA_STATES), 'on_time'),
  /** When the first response is (or was) due; null: no such target. */
  responseDueAt: z._default(z.nullish(z.string()), null),
  /** Someone answered already: the response target is settled. */
  responded: z._default(z.boolean(), false),
  /** When the resolution is due; null: no such target. */
  resolutionDueAt: z._default(z.nullish(z.string()), null),
  /** The resolution clock stands still: the conversation waits on the customer. */
  paused: z._default(z.boolean(), false),
});
export type Sla = z.infer<typeof SlaSchema>;

/** A ticket's `sla`: null without a policy — and when absent, from an older server. */
export const TicketSlaSchema = z._default(z.nullable(SlaSchema), null);

/** The states worth a badge: their words (never the colour alone) and colour. */
export const SLA_ALERTS: Readonly<Record<Exclude<SlaState, 'on_time'>, { label: string; color: string }>> = {
  at_risk: { label: 'Em risco', color: 'orange' },
  breached: { label: 'SLA estourado', color: 'red' },
};

/** The badge of a ticket's SLA, or null: no policy, or on time. */
export function slaAlert(sla: Sla | null | undefined): { label: string; color: string; state: SlaState } | null {
  if (!sla || sla.state === 'on_time') return null;
  return { ...SLA_ALERTS[sla.state], state: sla.state };
}

function instant(value: string | null | undefined): number | null {
  if (!value) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at;
}

const DAY_MONTH = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', timeZone: 'America/Sao_Paulo' });

/**
 * A due instant as a deadline reads (São Paulo time): `14:30` today, `amanhã às 09:00`,
 * `15/12 às 09:00` on another day.
 */
export function formatDue(value: string, now: Date = new Date()): string {
  const at = instant(value);
  if (at === null) return '—';
  const date = new Date(at);
  const time = formatTime(value);
  const day = dayKey(date);
  if (day === dayKey(now)) return time;
  if (day === dayKey(new Date(now.getTime() + 86_400_000))) return `amanhã às ${time}`;
  return `${DAY_MONTH.format(date)} às ${time}`;
}

/** A deadline already passed, as a sentence ends: `às 14:30` today, `em 05/12 às 14:30` before. */
function pastDue(value: string, now: Date): string {
  const due = formatDue(value, now);
  return /^\d{2}:\d{2}$/.test(due) ? `às ${due}` : `em ${due}`;
}

/**
 * What the conversation's header says of the deadlines: "Responder até 14:30" while the first
 * response is due ("Resposta venceu às 14:30" once missed), then "Resolver até …" ("Resolução
 * venceu …") — or "Pausado: aguardando o cliente" while the resolution clock stands still. Empty
 * without a policy.
 */
export function slaDeadlines(sla: Sla | null | undefined, now: Date = new Date()): string[] {
  if (!sla) return [];
  const missed = slaFocus(sla, now);
  const passed = (target: SlaTarget, value: string) =>
    (missed?.missed === true && missed.target === target) || (instant(value) ?? Infinity) <= now.getTime();
  const lines: string[] = [];
  if (sla.responseDueAt && !sla.responded) {
    lines.push(
      passed('response', sla.responseDueAt)
        ? `Resposta venceu ${pastDue(sla.responseDueAt, now)}`
        : `Responder até ${formatDue(sla.responseDueAt, now)}`,
    );
  }
  if (sla.resolutionDueAt) {
    lines.push(
      sla.paused
        ? 'Pausado: aguardando o cliente'
        : passed('resolution', sla.resolutionDueAt)
          ? `Resolução venceu ${pastDue(sla.resolutionDueAt, now)}`
          : `Resolver até ${formatDue(sla.resolutionDueAt, now)}`,
    );
  }
  return lines;
}

export type SlaTarget = 'response' | 'resolution';

export interface SlaDue {
  target: SlaTarget;
  /** Epoch ms. */
  dueAt: number;
  /** The deadline was missed (the server says breached, whatever this browser's clock says). */
  missed: boolean;
}

/**
 * The deadline that matters now: of a breached ticket, the one it missed (the earliest past one,
 * the first response first; by the server's word when this browser's clock is behind); else the
 * nearest one still running (the first response until answered, the resolution unless paused).
 * Null when none is.
 */
export function slaFocus(sla: Sla | null | undefined, now: Date = new Date()): SlaDue | null {
  if (!sla) return null;
  const at = now.getTime();
  const response = instant(sla.responseDueAt);
  const resolution = instant(sla.resolutionDueAt);
  if (sla.state === 'breached') {
    const deadlines: SlaDue[] = [];
    if (response !== null) deadlines.push({ target: 'response', dueAt: response, missed: true });
    if (resolution !== null) deadlines.push({ target: 'resolution', dueAt: resolution, missed: true });
    deadlines.sort((a, b) => a.dueAt - b.dueAt);
    // A late answer keeps the breach: the response's due time still tells when it was.
    const past = deadlines.find((deadline) => deadline.dueAt <= at);
    if (past) return past;
    const unanswered = deadlines.find((deadline) => deadline.target === 'response' && !sla.responded);
    return unanswered ?? deadlines[0] ?? null;
  }
  const running: SlaDue[] = [];
  if (response !== null && !sla.responded) running.push({ target: 'response', dueAt: response, missed: false });
  if (resolution !== null && !sla.paused) running.push({ target: 'resolution', dueAt: resolution, missed: false });
  running.sort((a, b) => a.dueAt - b.dueAt);
  return running[0] ?? null;
}

/** `menos de 1 min`, `5 min`, `2 h 10 min`, `1 d 4 h` (rounded down: never more than it is). */
export function durationWords(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 1) return 'menos de 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? `${days} d` : `${days} d ${rest} h`;
}

/**
 * `vence em 5 min`, `vence em menos de 1 min`, `estourou há 3 min`, `estourou agora` — also for a
 * deadline `missed` by the server's word that this browser's clock has not reached yet.
 */
export function dueRelative(dueAt: number, now: Date = new Date(), missed = false): string {
  const left = dueAt - now.getTime();
  if (left > 0 && !missed) return `vence em ${durationWords(left)}`;
  return -left < 60_000 ? 'estourou agora' : `estourou há ${durationWords(-left)}`;
}

/** "Resposta" or "Resolução": the target a deadline is of. */
export const SLA_TARGET_LABELS: Readonly<Record<SlaTarget, string>> = {
  response: 'Resposta',
  resolution: 'Resolução',
};
