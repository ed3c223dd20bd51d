/**
 * Query keys of the closing reasons screen. They carry `CLOSING_REASONS_SEGMENT` (lib/query-keys.ts)
 * like the inbox's, the chatbot's and the reports' lists of reasons, so a change made here refreshes
 * those too.
 */
import { CLOSING_REASONS_SEGMENT } from '../../lib/query-keys';

export const closingReasonKeys = {
  /** Every reason, active or not, by name (`GET /api/closing-reasons`). */
  list: () => [CLOSING_REASONS_SEGMENT, 'screen'] as const,
};
