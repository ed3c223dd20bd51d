/** How the audit screen writes an entry's parts in pt_BR. */
import { formatDateTime } from '../../lib/dates';
import type { AuditActor, AuditEntry } from './api/schemas';

/** `06/12/2026 13:05` (São Paulo time), or '—'. */
export function formatWhen(at: string): string {
  return formatDateTime(at).replace(', ', ' ');
}

/** True when the author called with an API token (an integration). */
export function viaToken(entry: Pick<AuditEntry, 'via'>): boolean {
  return entry.via === 'token';
}

/** "Sessão" or "Token de API" (an unknown way as the server writes it). */
export function originLabel(via: string): string {
  if (via === 'session') return 'Sessão';
  if (via === 'token') return 'Token de API';
  return via;
}

/** An author as the filter lists them: an integration marked "(integração)". */
export function actorLabel(actor: AuditActor): string {
  return actor.kind === 'integration' ? `${actor.name} (integração)` : actor.name;
}

/** An area as a group's title: "usuários" → "Usuários"; none: "Outras". */
export function areaLabel(area: string): string {
  const text = area.trim();
  return text ? `${text.charAt(0).toLocaleUpperCase('pt-BR')}${text.slice(1)}` : 'Outras';
}

/** The request under the summary: `POST /api/users/7`, and its status when it was not a success. */
export function requestLine(entry: Pick<AuditEntry, 'method' | 'path' | 'status'>): string {
  const line = `${entry.method} ${entry.path}`;
  return entry.status >= 200 && entry.status < 400 ? line : `${line} · ${entry.status}`;
}

/** `1 registro`, `50 registros`. */
export function entriesCount(count: number): string {
  return `${new Intl.NumberFormat('pt-BR').format(count)} ${count === 1 ? 'registro' : 'registros'}`;
}
