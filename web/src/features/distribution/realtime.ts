/**
 * The live distribution screen: what a person holds changes with every accept, transfer, close and
 * assignment (`ChatTicketTransferred`, `ChatTicketClosed`, `TicketAssigned`), and who may receive
 * with every status change (`UserStatusChanged`, `UserConnected`, `UserDisconnected`), so the screen
 * is read again shortly after a burst of them — once per burst. app/realtime.ts calls this for every
 * event; while the screen is not shown, invalidating its query only marks it stale.
 */
import { debouncedRefresh } from '../../lib/debounced-refresh';
import { distributionKeys } from './keys';

export const DISTRIBUTION_REFRESH_DEBOUNCE_MS = 400;

/** The events that change what the screen shows. */
export const DISTRIBUTION_EVENTS: readonly string[] = [
  'ChatTicketTransferred',
  'ChatTicketClosed',
  'TicketAssigned',
  'UserStatusChanged',
  'UserConnected',
  'UserDisconnected',
];

/** Reads the distribution again once the burst of events `event` belongs to is over. */
export const scheduleDistributionRefresh = debouncedRefresh(
  DISTRIBUTION_EVENTS,
  () => distributionKeys.overview(),
  DISTRIBUTION_REFRESH_DEBOUNCE_MS,
);
