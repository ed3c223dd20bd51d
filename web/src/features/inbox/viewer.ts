/**
 * Who is looking at the inbox, as the screen needs it, and who the inbox is for at all
 * (server/src/domain/inbox/mod.rs `Viewer`: administrators and supervisors see every ticket;
 * everybody else the tickets of the instances they serve, those assigned or transferred to them).
 */

/** Roles that see every ticket of the tenant (server `SEES_ALL_ROLES`). */
export const MANAGER_ROLES: readonly string[] = ['administrador', 'supervisor'];

export interface InboxViewer {
  id: number;
  name: string;
  /** Sees (and may act on) every ticket: administrador or supervisor. */
  manager: boolean;
  departmentId: number | null;
  /** The instances the viewer serves (the queue's instance filter). */
  instances: readonly { id: number; name: string }[];
  /** Holds the route `instances` (GET /api/instance: every instance, for a manager's filter). */
  canListInstances: boolean;
}

export interface StaffFacts {
  /** The role's name; '' means the default role, administrador (lib/access.ts). */
  role: string;
  /** How many instances the user serves. */
  instanceCount: number;
  /** A user of the back-office tenant (the login's `origin_backoffice`): an operator. */
  originBackoffice: boolean;
}

/**
 * Whether `/` is the inbox for this user: staff serve an instance or manage a tenant
 * (administrador, supervisor). Operators of the back-office tenant serve no customer: they keep
 * the welcome screen, whatever their role.
 */
export function servesInbox({ role, instanceCount, originBackoffice }: StaffFacts): boolean {
  if (originBackoffice) return false;
  return instanceCount > 0 || MANAGER_ROLES.includes(role || 'administrador');
}
