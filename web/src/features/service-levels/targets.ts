/**
 * The SLA targets as the screen edits and says them: a target is typed as hours and minutes (both
 * empty: no target) and sent as open minutes of the company's calendar, 1 to 43 200 (30 days).
 */
import { MAX_TARGET_MINUTES, MIN_TARGET_MINUTES, type SlaPolicy } from './api/schemas';

/** A number input's values: '' while empty. */
export interface DurationDraft {
  hours: number | string;
  minutes: number | string;
}

export const EMPTY_DURATION: DurationDraft = { hours: '', minutes: '' };

/** The server's words for a target out of range. */
export const TARGET_RANGE_ERROR = `Meta inválida: de ${MIN_TARGET_MINUTES} a ${MAX_TARGET_MINUTES.toLocaleString('pt-BR')} minutos úteis (30 dias), ou vazia para não ter meta.`;

/** 90 → 1 h 30 min; null → both empty. */
export function splitMinutes(total: number | null): DurationDraft {
  if (total === null) return EMPTY_DURATION;
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

function isEmpty(value: number | string): boolean {
  return typeof value === 'string' && value.trim() === '';
}

function wholeNumber(value: number | string): number | null {
  if (isEmpty(value)) return 0;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(number) && number >= 0 ? number : null;
}

/** What a typed duration sends: the minutes, null (both empty: no target), or the error to show. */
export type DurationValue = { ok: true; minutes: number | null } | { ok: false; error: string };

export function joinMinutes(draft: DurationDraft): DurationValue {
  if (isEmpty(draft.hours) && isEmpty(draft.minutes)) return { ok: true, minutes: null };
  const hours = wholeNumber(draft.hours);
  const minutes = wholeNumber(draft.minutes);
  if (hours === null || minutes === null) return { ok: false, error: TARGET_RANGE_ERROR };
  const total = hours * 60 + minutes;
  if (total < MIN_TARGET_MINUTES || total > MAX_TARGET_MINUTES) return { ok: false, error: TARGET_RANGE_ERROR };
  return { ok: true, minutes: total };
}

/** `30 min`, `8 h`, `1 h 30 min`; `sem meta` for none. */
export function targetText(minutes: number | null): string {
  if (minutes === null) return 'sem meta';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours.toLocaleString('pt-BR')} h` : `${hours.toLocaleString('pt-BR')} h ${rest} min`;
}

/** The name of a policy's row: "Padrão da empresa", or its department's. */
export function policyName(policy: Pick<SlaPolicy, 'departmentId' | 'departmentName'>): string {
  if (policy.departmentId === null) return 'Padrão da empresa';
  return policy.departmentName ?? `Departamento #${policy.departmentId}`;
}

/** A stable key per policy (the default: "default"). */
export function policyKey(policy: Pick<SlaPolicy, 'departmentId'>): string {
  return policy.departmentId === null ? 'default' : String(policy.departmentId);
}

/**
 * The saved notice: "Padrão da empresa: primeira resposta em 30 min e resolução em 8 h (minutos
 * úteis), pausando enquanto espera o cliente." — "…: sem metas de atendimento." when both are empty.
 */
export function policySummary(
  policy: Pick<
    SlaPolicy,
    'departmentId' | 'departmentName' | 'firstResponseMinutes' | 'resolutionMinutes' | 'pauseOnCustomer'
  >,
): string {
  const name = policyName(policy);
  if (policy.firstResponseMinutes === null && policy.resolutionMinutes === null) {
    return `${name}: sem metas de atendimento.`;
  }
  const parts: string[] = [];
  if (policy.firstResponseMinutes !== null)
    parts.push(`primeira resposta em ${targetText(policy.firstResponseMinutes)}`);
  if (policy.resolutionMinutes !== null) parts.push(`resolução em ${targetText(policy.resolutionMinutes)}`);
  const pause =
    policy.resolutionMinutes !== null && policy.pauseOnCustomer ? ', pausando enquanto espera o cliente' : '';
  return `${name}: ${parts.join(' e ')} (tempo útil)${pause}.`;
}
