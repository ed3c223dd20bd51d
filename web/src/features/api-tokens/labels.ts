/**
 * How the API tokens screen words a token (pt_BR): its status, its validity, its last use, and
 * the validity choices of the form with the instant each one sends (`expiresAt`).
 */
import { formatDate, formatRelative } from '../../lib/dates';
import type { ApiToken } from './api/schemas';

export const STATUS_LABELS: Record<string, string> = {
  active: 'Ativo',
  expired: 'Expirado',
  revoked: 'Revogado',
};

export const STATUS_COLORS: Record<string, string> = {
  active: 'teal',
  expired: 'red',
  revoked: 'gray',
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status;
}

export function statusColor(status: string): string {
  return STATUS_COLORS[status] ?? 'gray';
}

/** The form's validity choices; "90 dias" comes chosen. */
export const VALIDITY_CHOICES = [
  { value: '30', label: '30 dias', days: 30 },
  { value: '90', label: '90 dias', days: 90 },
  { value: '365', label: '1 ano', days: 365 },
  { value: 'never', label: 'Não expira', days: null },
] as const;
export type Validity = (typeof VALIDITY_CHOICES)[number]['value'];
export const DEFAULT_VALIDITY: Validity = '90';

export function isValidity(value: string): value is Validity {
  return VALIDITY_CHOICES.some((choice) => choice.value === value);
}

/** The instant a choice expires at, counted from `now` (ISO); null: never. */
export function expiresAtFor(validity: Validity, now: Date = new Date()): string | null {
  const days = VALIDITY_CHOICES.find((choice) => choice.value === validity)?.days ?? null;
  return days === null ? null : new Date(now.getTime() + days * 86_400_000).toISOString();
}

/** What the form says under the choice: until when the token will be valid. */
export function validityHint(validity: Validity, now: Date = new Date()): string {
  const at = expiresAtFor(validity, now);
  return at === null
    ? 'Vale até ser revogado. Prefira uma validade: um token esquecido continua abrindo a API.'
    : `Vale até ${formatDate(at)}; depois disso a integração recebe 401 e precisa de um token novo.`;
}

/** "Não expira", or the day it expires (expired). */
export function validityText(token: Pick<ApiToken, 'expiresAt'>): string {
  return token.expiresAt === null ? 'Não expira' : formatDate(token.expiresAt);
}

/** "há 5 min.", or "Nunca usado". */
export function lastUseText(token: Pick<ApiToken, 'lastUsedAt'>, now: Date = new Date()): string {
  return token.lastUsedAt === null ? 'Nunca usado' : formatRelative(token.lastUsedAt, now);
}

/**
 * The curl example the reveal shows, on this app's host (the tenant's: the server tells the
 * company by it). The address is quoted: a shell would take its `?` for a wildcard.
 */
export function curlExample(secret: string, host: string = window.location.host): string {
  return `curl -H "Authorization: Bearer ${secret}" "https://${host}/api/tickets?status=pending"`;
}
