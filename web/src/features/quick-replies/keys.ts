/**
 * Query keys of the quick replies screen. The lists carry `QUICK_REPLIES_SEGMENT`
 * (lib/query-keys.ts) like the inbox's `/` picker, so a reply created, changed or deleted here
 * reaches the picker too.
 */
import { QUICK_REPLIES_SEGMENT } from '../../lib/query-keys';
import type { QuickReplyScope } from '../../lib/quick-replies';

/** The screen's filter: every reply, or one scope's. */
export type ScopeFilter = 'all' | QuickReplyScope;

export const quickReplyKeys = {
  /** Every list of the screen, whatever the filter. */
  lists: () => [QUICK_REPLIES_SEGMENT, 'screen'] as const,
  /** The replies of one scope (or all) matching `search` ('' = every one), page after page. */
  list: (scope: ScopeFilter, search: string) => [QUICK_REPLIES_SEGMENT, 'screen', scope, search] as const,
  /** The departments a department's reply may belong to (the form's select). */
  departments: () => ['departments', 'quick-replies'] as const,
};
