/**
 * Query keys shared by more than one feature. A feature's own keys live beside its requests;
 * only a key that another feature (or the realtime client) must invalidate is named here, so
 * features never import each other (STYLE habit 10).
 */

/** GET /api/auth/userInfo: the logged-in user (features/auth). Refetching it also refreshes the
 *  stored `userInfo` and `permissionRoutes`, so the menu follows. */
export const CURRENT_USER_QUERY_KEY = ['auth', 'userInfo'] as const;

/** Every `/api/permission*` query starts with this key (features/roles lists and edits roles;
 *  features/auth keeps the user's own permissions), so saving a role refreshes them all. */
export const PERMISSION_QUERY_KEY = ['permission'] as const;

/** Every `GET /api/instance*` query starts with this key (features/instances: a tenant's
 *  instances, their latest sync jobs and a job's progress), so creating or changing an instance,
 *  and the realtime `InstanceUpdated` event, refresh them all. (The user form's instance picker
 *  comes with `GET /api/users/options`, read each time the form opens.) */
export const INSTANCES_QUERY_KEY = ['instances'] as const;

/** Every query of the inbox starts with this key (features/inbox/keys.ts: its queue, tickets,
 *  conversations and customer panel), so a change that shows in all of them — a customer erased
 *  (features/customers, docs/privacy.md#erasure: their name, phone and messages emptied) — reads
 *  the whole inbox again. */
export const INBOX_QUERY_KEY = ['inbox'] as const;

/** The segment every closing-reasons query has in its key: the inbox's closing dialog, the chatbot's
 *  inactivity reason, the reasons sheet's picker and the closing reasons screen
 *  (features/closing-reasons), so a reason created, renamed or (de)activated there refreshes them
 *  all (`isClosingReasonsQuery`). */
export const CLOSING_REASONS_SEGMENT = 'closing-reasons';

/** A query of the closing reasons, whichever feature holds it (`invalidateQueries({ predicate })`). */
export function isClosingReasonsQuery(query: { queryKey: readonly unknown[] }): boolean {
  return query.queryKey.includes(CLOSING_REASONS_SEGMENT);
}

/** The segment every quick-replies query has in its key: the screen's lists (features/quick-replies)
 *  and the inbox's `/` picker of each ticket (features/inbox), so a reply created, changed or
 *  deleted on the screen reaches the picker (`isQuickRepliesQuery`). */
export const QUICK_REPLIES_SEGMENT = 'quick-replies';

/** A query of the quick replies, whichever feature holds it (`invalidateQueries({ predicate })`). */
export function isQuickRepliesQuery(query: { queryKey: readonly unknown[] }): boolean {
  return query.queryKey.includes(QUICK_REPLIES_SEGMENT);
}
