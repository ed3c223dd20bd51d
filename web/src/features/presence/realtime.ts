/**
 * The socket's presence events (docs/service-levels.md#agent-status): `UserStatusChanged` `{user_id,
 * status, reason, since}` goes to the person (their other tabs) and to the managers on every
 * change; `UserConnected` / `UserDisconnected` `{user_id}` still come on becoming online / offline
 * (the specification's `connected`, `disconnected`, `disconnectUser`). One about the caller updates
 * the header's status at once. When it changes what the header showed and no change of the
 * caller's own is in flight (an administrator took them offline, or another tab changed it), the
 * caller is told. app/realtime-events.ts refreshes the users list and the control panel on them.
 */
import type { QueryClient } from '@tanstack/react-query';
import { PRESENCE_STATUSES, presenceChangeOf, type OwnStatus } from '../../lib/presence';
import type { RealtimeEvent } from '../../lib/realtime';
import { cachedOwnPresence, writeOwnPresence } from './cache';
import { OWN_PRESENCE_MUTATION_KEY } from './hooks/use-own-presence';

export interface PresenceNotice {
  color: string;
  title: string;
  message: string;
}

function sameStatus(a: OwnStatus, b: OwnStatus): boolean {
  return a.status === b.status && a.reason === b.reason;
}

/** Applies a presence event for `viewerId`; the notice to show, or null. */
export function applyPresenceEvent(
  queryClient: QueryClient,
  event: RealtimeEvent,
  viewerId: number,
): PresenceNotice | null {
  const change = presenceChangeOf(event);
  if (!change || change.userId !== viewerId) return null;
  const shown = cachedOwnPresence(queryClient);
  const ownChangeInFlight = queryClient.isMutating({ mutationKey: OWN_PRESENCE_MUTATION_KEY }) > 0;
  // `UserConnected` / `UserDisconnected` say only the status: an echo of the one shown changes
  // nothing (its reason and start stay), another starts now as far as this tab knows.
  const next: OwnStatus =
    change.reason === undefined
      ? shown?.status === change.status
        ? shown
        : { status: change.status, reason: null, since: null }
      : { status: change.status, reason: change.reason ?? null, since: change.since ?? null };
  if (shown === null || ownChangeInFlight) {
    if (shown !== null) writeOwnPresence(queryClient, next);
    return null;
  }
  writeOwnPresence(queryClient, next);
  if (sameStatus(shown, next)) return null;
  const info = PRESENCE_STATUSES[next.status];
  const reason = next.status === 'ausente' && next.reason ? ` (${next.reason})` : '';
  return {
    color: next.status === 'online' ? 'teal' : 'gray',
    title: 'Seu status mudou',
    message: `Agora você está ${info.label.toLowerCase()}${reason}: ${info.description.toLowerCase()}.`,
  };
}
