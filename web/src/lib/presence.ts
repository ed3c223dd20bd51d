/**
 * Presence, the one model of a user's availability (docs/contracts.md#states-and-transitions, "User
 * connection"): the typed status, its pt_BR label and colour, the GraphQL calls that set it
 * (`connected` and `disconnected` for oneself, `disconnectUser(user_id)` for another user, route
 * `users`) and the socket events that report it (`UserConnected` / `UserDisconnected` with
 * `{user_id}`, docs/realtime.md). Shared by the header's status control (features/presence) and
 * the users screen (features/users), which is why it lives here.
 *
 * The server keeps one flag per user (`isConnected`), so there are two statuses today. An agent
 * status with more states (a break, a meeting…) adds entries to `PRESENCE_STATUSES`, each with the
 * call that sets it and the event that reports it; the header lists whatever is here.
 */
import * as z from 'zod/mini';
import { graphql } from './graphql';

export const PRESENCE_STATUSES_IN_ORDER = ['available', 'away'] as const;
export type PresenceStatus = (typeof PRESENCE_STATUSES_IN_ORDER)[number];

export interface PresenceStatusInfo {
  status: PresenceStatus;
  /** pt_BR, as the header shows it. */
  label: string;
  /** What it means, under the label in the menu. */
  description: string;
  /**
   * The dot's colour (a CSS colour; at 3:1 on the header in both schemes, WCAG 1.4.11) and whether
   * it is hollow: the shape tells the statuses apart as well as the colour.
   */
  dotColor: string;
  hollow: boolean;
  /** The GraphQL mutation that sets this status for the caller. */
  mutation: 'connected' | 'disconnected';
  /** The socket event that reports a user entering this status. */
  event: 'UserConnected' | 'UserDisconnected';
}

export const PRESENCE_STATUSES: Readonly<Record<PresenceStatus, PresenceStatusInfo>> = {
  available: {
    status: 'available',
    label: 'Disponível',
    description: 'A equipe vê você online',
    dotColor: 'var(--mantine-color-teal-8)',
    hollow: false,
    mutation: 'connected',
    event: 'UserConnected',
  },
  away: {
    status: 'away',
    label: 'Ausente',
    description: 'A equipe vê você offline',
    dotColor: 'var(--mantine-color-gray-6)',
    hollow: true,
    mutation: 'disconnected',
    event: 'UserDisconnected',
  },
};

/** The status of a user's `isConnected` (absent: away, as a user the server has not marked). */
export function presenceOf(isConnected: boolean | null | undefined): PresenceStatus {
  return isConnected === true ? 'available' : 'away';
}

/** The `isConnected` flag a status stores on the server. */
export function isConnectedOf(status: PresenceStatus): boolean {
  return status === 'available';
}

const MutationAnswerSchema = z.record(z.string(), z.boolean());

/** Sets the caller's own status (`mutation { connected }` / `mutation { disconnected }`). */
export async function setOwnPresence(status: PresenceStatus): Promise<void> {
  const { mutation } = PRESENCE_STATUSES[status];
  await graphql(`mutation { ${mutation} }`, undefined, MutationAnswerSchema);
}

/** Marks another user away (`disconnectUser(user_id)`; route `users`). */
export async function disconnectUser(userId: number): Promise<void> {
  await graphql(
    'mutation DisconnectUser($userId: Int!) { disconnectUser(user_id: $userId) }',
    { userId },
    MutationAnswerSchema,
  );
}

/** A presence event of the socket: whose status changed, and to what. */
export interface PresenceChange {
  userId: number;
  status: PresenceStatus;
}

/** The change a socket event reports, or null for any other event (or one without a `user_id`). */
export function presenceChangeOf(event: { event: string; user_id?: unknown }): PresenceChange | null {
  const info = Object.values(PRESENCE_STATUSES).find((candidate) => candidate.event === event.event);
  if (!info) return null;
  const userId = typeof event.user_id === 'string' ? Number(event.user_id) : event.user_id;
  if (typeof userId !== 'number' || !Number.isInteger(userId)) return null;
  return { userId, status: info.status };
}

/** Every presence event name (the socket's dispatch and the control panel's refresh list). */
export const PRESENCE_EVENTS: readonly string[] = Object.values(PRESENCE_STATUSES).map((info) => info.event);
