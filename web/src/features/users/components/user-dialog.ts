/** The one dialog the users screen shows at a time, and for which user (UsersPanel's state). */
import type { User } from '../api/get-users';
import type { UserField } from './UserFieldModal';

export type UserDialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit'; user: User }
  | { kind: 'field'; field: UserField; user: User }
  | { kind: 'delete'; user: User }
  | { kind: 'unblock'; user: User }
  | { kind: 'temporary-password'; user: User }
  | { kind: 'reset-two-factor'; user: User }
  | { kind: 'disconnect'; user: User };
