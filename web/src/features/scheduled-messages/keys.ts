/**
 * Query keys of the scheduled messages screen. Every key carries `SCHEDULED_MESSAGES_SEGMENT`
 * (lib/scheduled-messages.ts), so scheduling from a conversation, a change here and the realtime
 * `ScheduledMessageChanged` read every list again.
 */
import { SCHEDULED_MESSAGES_SEGMENT, type ScheduledStatus } from '../../lib/scheduled-messages';

export const scheduledMessageKeys = {
  /** Every scheduled-messages query. */
  all: () => [SCHEDULED_MESSAGES_SEGMENT] as const,
  /** The messages of one status, page after page. */
  list: (status: ScheduledStatus) => [SCHEDULED_MESSAGES_SEGMENT, 'list', status] as const,
};
