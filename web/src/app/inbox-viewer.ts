/**
 * The inbox's viewer (features/inbox/viewer.ts) from the user info: who is looking, whether they see
 * every ticket (`sees_all_tickets`), their department (a transfer may be addressed to it) and how
 * many instances they serve. The inbox (`/`) and the kanban board (`/kanban`) read it alike.
 */
import type { InboxViewer } from '../features/inbox/viewer';

export interface ViewerUser extends Record<string, unknown> {
  id: number | string;
  name: string;
}

/** How many instances a user serves, as the user info lists them (`userInstances: [{id, instance}]`). */
export function servedInstanceCount(user: Record<string, unknown>): number {
  const links = Array.isArray(user.userInstances) ? (user.userInstances as unknown[]) : [];
  return links.filter((link) => {
    const instance = (link as { instance?: { id?: unknown } } | null)?.instance;
    return typeof instance?.id === 'number';
  }).length;
}

export function departmentOf(user: Record<string, unknown>): number | null {
  const id = (user.userDepartment as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'number' ? id : null;
}

/** The viewer the inbox's screens need. */
export function viewerOf(user: ViewerUser, seesAllTickets: boolean): InboxViewer {
  return { id: Number(user.id), name: user.name, manager: seesAllTickets, departmentId: departmentOf(user) };
}
