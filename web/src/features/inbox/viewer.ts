/**
 * Who is looking at the inbox, as the screen needs it, and who the inbox is for at all
 * (server/src/domain/inbox/mod.rs `Viewer`: managers see every ticket; everybody else the tickets
 * of the instances they serve, those assigned or transferred to them). Which side of that rule a
 * user is on is the server's to say — `sees_all_tickets` of `GET /api/auth/userInfo` — never
 * guessed here from the role's name.
 */

export interface InboxViewer {
  id: number;
  name: string;
  /**
   * Sees (and may act on) every ticket: the user info's `sees_all_tickets` (the server's
   * `Viewer::sees_all`, which also lets them send, transfer and close others' tickets).
   */
  manager: boolean;
  departmentId: number | null;
}

export interface StaffFacts {
  /** The user info's `sees_all_tickets`. */
  seesAllTickets: boolean;
  /** How many instances the user serves. */
  instanceCount: number;
  /** A user of the back-office tenant (the login's `origin_backoffice`): an operator. */
  originBackoffice: boolean;
  /**
   * The address opens a ticket (`/?ticket=`): a colleague shared it from a note, or a mention
   * leads there. Whoever is linked to no number still reads it in the inbox; the server answers
   * what they may see (docs/notes.md#sharing).
   */
  opensTicket?: boolean;
}

/**
 * Whether `/` is the inbox for this user: staff serve an instance or see every ticket of their
 * tenant; anyone else when the address opens a ticket (one shared with them). Operators of the back-office tenant serve no customer: they keep the welcome screen,
 * whatever they may see.
 */
export function servesInbox({ seesAllTickets, instanceCount, originBackoffice, opensTicket }: StaffFacts): boolean {
  if (originBackoffice) return false;
  return instanceCount > 0 || seesAllTickets || opensTicket === true;
}

/** Whether the viewer may write on a ticket (reply, react, send files): theirs, or a manager's, open. */
export function mayWriteOn(
  ticket: { status: string; assignedUser?: { id: number } | null },
  viewer: InboxViewer,
): boolean {
  const owner = ticket.assignedUser;
  return (ticket.status === 'open' || ticket.status === 'transferring') && (owner?.id === viewer.id || viewer.manager);
}
