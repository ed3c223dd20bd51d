/** How the audit screen writes an entry's parts, and the retention policy's, in pt_BR. */
import { formatDateTime } from '../../lib/dates';
import type { AuditActor, AuditEntry, RetentionRun } from './api/schemas';

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

/** A kind of record as a row's title: "falhas de login" → "Falhas de login". */
export function capitalised(text: string): string {
  const trimmed = text.trim();
  return `${trimmed.charAt(0).toLocaleUpperCase('pt-BR')}${trimmed.slice(1)}`;
}

/** Under a kind's days: "Mínimo de 30 dias"; the audit log's minimum says which law asks for it. */
export function minDaysHint(field: string, minDays: number): string {
  const hint = `Mínimo de ${new Intl.NumberFormat('pt-BR').format(minDays)} dias`;
  if (field === 'auditLogDays') return `${hint} (Marco Civil da Internet, art. 15)`;
  if (field === 'messagesDays') return `${hint}; a mensagem fica, sem o conteúdo`;
  if (field === 'mediaDays') return `${hint}; o texto fica, só o arquivo sai`;
  return hint;
}

/**
 * The last clean-up: "06/12/2026 04:10 — removidos: 12 falhas de login, 0 entregas de webhook";
 * "A limpeza ainda não rodou." before the first.
 */
export function lastRunText(run: RetentionRun | null): string {
  if (!run) return 'A limpeza ainda não rodou.';
  const when = formatWhen(run.at);
  if (run.removed.length === 0) return `${when} — nada removido.`;
  const number = new Intl.NumberFormat('pt-BR');
  return `${when} — removidos: ${run.removed.map((entry) => `${number.format(entry.rows)} ${entry.label}`).join(', ')}`;
}
