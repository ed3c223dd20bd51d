/**
 * The socket's presence events (`UserConnected` / `UserDisconnected` with `{user_id}`, sent to the
 * managers and to the user concerned after `connected`, `disconnected` or `disconnectUser`):
 * one about the caller updates the header's status at once. When it changes what the header showed
 * and no change of the caller's own is in flight (an administrator marked them away, or another
 * tab changed it), the caller is told. app/realtime.ts also refreshes the users list on them.
 */
import type { QueryClient } from '@tanstack/react-query';
import { PRESENCE_STATUSES, presenceChangeOf } from '../../lib/presence';
import type { RealtimeEvent } from '../../lib/realtime';
import { cachedOwnPresence, writeOwnPresence } from './cache';
import { OWN_PRESENCE_MUTATION_KEY } from './hooks/use-own-presence';

export interface PresenceNotice {
  color: string;
  title: string;
  message: string;
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
  writeOwnPresence(queryClient, change.status);
  if (shown === null || shown === change.status || ownChangeInFlight) return null;
  const info = PRESENCE_STATUSES[change.status];
  return {
    color: change.status === 'available' ? 'teal' : 'gray',
    title: 'Seu status mudou',
    message: `Agora você está ${info.label.toLowerCase()}: ${info.description.toLowerCase()}.`,
  };
}
