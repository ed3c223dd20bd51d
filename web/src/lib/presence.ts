/**
 * Presence, the one model of a user's availability (docs/service-levels.md#agent-status): the
 * three statuses, their pt_BR labels, descriptions and colours, the call that sets one's own
 * (`PUT /api/auth/status`), the call that takes another user offline (`disconnectUser(user_id)`,
 * route `users`) and the socket events that report a change (`UserStatusChanged` `{user_id,
 * status, reason, since}`, and the specification's `UserConnected` / `UserDisconnected` `{user_id}`,
 * docs/realtime.md). Shared by the header's status control (features/presence), the users screen
 * (features/users) and the control panel (features/analytics), which is why it lives here.
 *
 * - `online` ("Disponível"): receives new tickets and transfers.
 * - `ausente` ("Ausente"): stays connected (`isConnected` true) but receives no new tickets and is
 *   not offered as a transfer target; an optional one-line reason (almoço, reunião…).
 * - `offline` ("Offline"): `isConnected` false, what `disconnected` and `disconnectUser` set.
 */
import * as z from 'zod/mini';
import { dayKey, formatDateTime, formatTime } from './dates';
import { graphql } from './graphql';
import { http } from './http';

export const AGENT_STATUSES_IN_ORDER = ['online', 'ausente', 'offline'] as const;
/** The server's agent status (`AgentStatus`). */
export type AgentStatus = (typeof AGENT_STATUSES_IN_ORDER)[number];
/** The statuses the header offers, in its order. */
export const PRESENCE_STATUSES_IN_ORDER = AGENT_STATUSES_IN_ORDER;

/** Any status a dot can be drawn for. */
export type PresenceStatus = AgentStatus;

/** A reason for being away: one line, at most this many characters (the server's limit). */
export const MAX_AWAY_REASON_LENGTH = 60;
/** The reason dialog's quick choices. */
export const AWAY_REASON_CHOICES = ['Almoço', 'Reunião', 'Pausa'] as const;

export interface PresenceStatusInfo {
  status: AgentStatus;
  /** pt_BR, as the header shows it. */
  label: string;
  /** What it means, one line under the label in the menu. */
  description: string;
  /**
   * The dot's colour (a CSS colour; at 3:1 on the header in both schemes, WCAG 1.4.11) and whether
   * it is hollow: the shape tells offline apart as well as the colour.
   */
  dotColor: string;
  hollow: boolean;
  /** The Mantine colour of a badge of this status (control panel). */
  badgeColor: string;
}

const ONLINE: PresenceStatusInfo = {
  status: 'online',
  label: 'Disponível',
  description: 'Recebe novos atendimentos e transferências',
  dotColor: 'var(--mantine-color-teal-8)',
  hollow: false,
  badgeColor: 'teal',
};
const AUSENTE: PresenceStatusInfo = {
  status: 'ausente',
  label: 'Ausente',
  description: 'Conectado, sem receber novos atendimentos',
  dotColor: 'var(--mantine-color-orange-8)',
  hollow: false,
  badgeColor: 'orange',
};
const OFFLINE: PresenceStatusInfo = {
  status: 'offline',
  label: 'Offline',
  description: 'A equipe vê você desconectado',
  dotColor: 'var(--mantine-color-gray-6)',
  hollow: true,
  badgeColor: 'gray',
};

export const PRESENCE_STATUSES: Readonly<Record<PresenceStatus, PresenceStatusInfo>> = {
  online: ONLINE,
  ausente: AUSENTE,
  offline: OFFLINE,
};

export function isAgentStatus(value: unknown): value is AgentStatus {
  return typeof value === 'string' && (AGENT_STATUSES_IN_ORDER as readonly string[]).includes(value);
}

/** The status of a user's `isConnected` alone (absent: offline, as a user the server has not marked). */
export function presenceOf(isConnected: boolean | null | undefined): AgentStatus {
  return isConnected === true ? 'online' : 'offline';
}

/** The `isConnected` flag of a status (ausente stays connected). */
export function isConnectedOf(status: AgentStatus): boolean {
  return status !== 'offline';
}

/** One's status as the server answers it (`GET|PUT /api/auth/status`, userInfo's `status`). */
export interface OwnStatus {
  status: AgentStatus;
  /** Only with `ausente`; null otherwise. */
  reason: string | null;
  /** When this status began (ISO); null when unknown. */
  since: string | null;
}

/** "Ausente · Almoço", "Disponível". */
export function statusText(own: Pick<OwnStatus, 'status' | 'reason'>): string {
  const { label } = PRESENCE_STATUSES[own.status];
  return own.status === 'ausente' && own.reason ? `${label} · ${own.reason}` : label;
}

/** "12:30" today, "05/12/2026 18:10" another day. */
export function clockText(value: string, now: Date = new Date()): string {
  return dayKey(new Date(value)) === dayKey(now) ? formatTime(value) : formatDateTime(value);
}

/** "desde 12:30" (today) or "desde 05/12/2026 18:10"; null when the start is unknown. */
export function sinceText(since: string | null | undefined, now: Date = new Date()): string | null {
  if (!since || Number.isNaN(new Date(since).getTime())) return null;
  return `desde ${clockText(since, now)}`;
}

/** The reason as the server keeps it: trimmed, null when empty. */
export function normalizeAwayReason(reason: string | null | undefined): string | null {
  const trimmed = (reason ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** The error of a typed reason, in pt_BR, or null when it can be sent. */
export function awayReasonError(reason: string): string | null {
  if (/[\r\n]/.test(reason)) return 'Use uma linha só.';
  if (reason.trim().length > MAX_AWAY_REASON_LENGTH) return `Use no máximo ${MAX_AWAY_REASON_LENGTH} caracteres.`;
  return null;
}

const StatusAnswerSchema = z.looseObject({
  userId: z.optional(z.union([z.number(), z.string()])),
  status: z.enum(AGENT_STATUSES_IN_ORDER),
  reason: z.nullish(z.string()),
  since: z.nullish(z.string()),
});

function toOwnStatus(answer: z.infer<typeof StatusAnswerSchema>): OwnStatus {
  return {
    status: answer.status,
    reason: answer.status === 'ausente' ? normalizeAwayReason(answer.reason) : null,
    since: answer.since ?? null,
  };
}

/** The caller's status in a user info answer (`status`, else `user.isConnected`); null if neither. */
export function ownStatusOfUserInfo(answer: unknown): OwnStatus | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { status, user } = answer as { status?: unknown; user?: unknown };
  const parsed = StatusAnswerSchema.safeParse(status);
  if (parsed.success) return toOwnStatus(parsed.data);
  if (typeof user !== 'object' || user === null) return null;
  const { isConnected } = user as { isConnected?: unknown };
  return { status: presenceOf(isConnected === true), reason: null, since: null };
}

/**
 * An agent of the control panel (`GET /api/dashboard/control-panel`): `status`, `awayReason` and
 * `statusSince` beside `online`, read loosely (an answer without them: Disponível / Offline from
 * `online`).
 */
export interface PanelAgentStatus {
  online: boolean;
  status?: unknown;
  awayReason?: unknown;
  statusSince?: unknown;
}

/** An agent's status, reason (only when ausente) and start. */
export function statusOfAgent(agent: PanelAgentStatus): OwnStatus {
  const status: AgentStatus = isAgentStatus(agent.status) ? agent.status : agent.online ? 'online' : 'offline';
  const reason =
    status === 'ausente' && typeof agent.awayReason === 'string' ? normalizeAwayReason(agent.awayReason) : null;
  const since = typeof agent.statusSince === 'string' && agent.statusSince !== '' ? agent.statusSince : null;
  return { status, reason, since };
}

/** What the header sends: a status, and a reason with `ausente`. */
export interface OwnStatusChoice {
  status: AgentStatus;
  reason?: string | null;
}

/** Sets the caller's own status (`PUT /api/auth/status`); the server's answer. */
export async function setOwnPresence(choice: OwnStatusChoice): Promise<OwnStatus> {
  const reason = choice.status === 'ausente' ? normalizeAwayReason(choice.reason) : null;
  const body = reason ? { status: choice.status, reason } : { status: choice.status };
  return toOwnStatus(await http.put('/api/auth/status', body, { schema: StatusAnswerSchema }));
}

const MutationAnswerSchema = z.record(z.string(), z.boolean());

/** Takes another user offline (`disconnectUser(user_id)`; route `users`). */
export async function disconnectUser(userId: number): Promise<void> {
  await graphql(
    'mutation DisconnectUser($userId: Int!) { disconnectUser(user_id: $userId) }',
    { userId },
    MutationAnswerSchema,
  );
}

/** The event of every status change (docs/service-levels.md#agent-status). */
export const USER_STATUS_CHANGED_EVENT = 'UserStatusChanged';

/** A presence event of the socket: whose status changed, and to what. */
export interface PresenceChange {
  userId: number;
  status: AgentStatus;
  /**
   * The reason and start of the new status, as `UserStatusChanged` carries them; undefined for
   * `UserConnected` / `UserDisconnected`, which say only the status.
   */
  reason?: string | null;
  since?: string | null;
}

const LEGACY_EVENTS: Readonly<Record<string, AgentStatus>> = {
  UserConnected: 'online',
  UserDisconnected: 'offline',
};

/** The change a socket event reports, or null for any other event (or one without a `user_id`). */
export function presenceChangeOf(event: {
  event: string;
  user_id?: unknown;
  status?: unknown;
  reason?: unknown;
  since?: unknown;
}): PresenceChange | null {
  const userId = typeof event.user_id === 'string' ? Number(event.user_id) : event.user_id;
  if (typeof userId !== 'number' || !Number.isInteger(userId)) return null;
  if (event.event === USER_STATUS_CHANGED_EVENT) {
    if (!isAgentStatus(event.status)) return null;
    return {
      userId,
      status: event.status,
      reason: event.status === 'ausente' && typeof event.reason === 'string' ? normalizeAwayReason(event.reason) : null,
      since: typeof event.since === 'string' ? event.since : null,
    };
  }
  const status = LEGACY_EVENTS[event.event];
  return status ? { userId, status } : null;
}

/** Every presence event name (the socket's dispatch and the lists it refreshes). */
export const PRESENCE_EVENTS: readonly string[] = [...Object.keys(LEGACY_EVENTS), USER_STATUS_CHANGED_EVENT];
