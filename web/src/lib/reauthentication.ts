/**
 * Proof of presence (docs/auth.md): the calls that change how a person logs in — starting a
 * two-factor enrollment, turning two-factor off, an administrator resetting another user's — are
 * refused 422 `reauthentication_required` (field `currentPassword`) unless the access token comes
 * from a password login of the last 5 minutes or the body carries the caller's own
 * `currentPassword`. A wrong one is 422 `invalid_current_password` (and counts as a failed login
 * of the address: 429 `rate_limited` with `Retry-After` is possible too).
 *
 * The calls take a `ReauthenticationProof`: empty on the first try, the typed password on the
 * retry the confirmation modal makes (components/use-reauthentication.tsx). The password travels
 * only in the retry's body: never in a mutation's variables, a query key or a log.
 */
import { ApiError } from './http';

export const REAUTHENTICATION_REQUIRED = 'reauthentication_required';
export const INVALID_CURRENT_PASSWORD = 'invalid_current_password';
/** The body field of the proof, as the server names it. */
export const CURRENT_PASSWORD_FIELD = 'currentPassword';

/** What a call adds to its body to prove the caller is the person (nothing on the first try). */
export interface ReauthenticationProof {
  currentPassword?: string;
}

/** A call that takes the proof; called once without it, then again with the password if asked. */
export type ReauthenticatedCall<T> = (proof: ReauthenticationProof) => Promise<T>;

/** Runs a call, asking the person's password and retrying when the server wants it. */
export type Reauthenticate = <T>(call: ReauthenticatedCall<T>) => Promise<T>;

/** No one to ask: the call as it is (the server's `reauthentication_required` reaches the caller). */
export const withoutReauthentication: Reauthenticate = (call) => call({});

/** The proof's body fields: `{}` without a password, so a fresh login's body stays as it was. */
export function proofFields(proof: ReauthenticationProof | undefined): { currentPassword?: string } {
  return proof?.currentPassword === undefined ? {} : { currentPassword: proof.currentPassword };
}

export function isReauthenticationRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 422 && error.code === REAUTHENTICATION_REQUIRED;
}

/** The person closed the password modal: the action did not happen, and nothing went wrong. */
export class ReauthenticationCancelled extends Error {
  override readonly name = 'ReauthenticationCancelled';
  constructor() {
    super('Ação cancelada.');
  }
}

export function isReauthenticationCancelled(error: unknown): error is ReauthenticationCancelled {
  return error instanceof ReauthenticationCancelled;
}

/**
 * What the password field of the modal says about a failed retry: the server's `currentPassword`
 * message for a wrong (or missing) password, null for any other failure.
 */
export function currentPasswordError(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  if (error.code !== INVALID_CURRENT_PASSWORD && error.code !== REAUTHENTICATION_REQUIRED) return null;
  const field = error.errors.find((entry) => entry.field === CURRENT_PASSWORD_FIELD);
  return field?.message ?? (error.code === INVALID_CURRENT_PASSWORD ? 'Senha atual incorreta.' : error.message);
}

/** "Muitas tentativas. Tente de novo em 42 s." for a 429; null for anything else. */
export function rateLimitedMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const seconds = error.retryAfter;
  if (seconds === null) return 'Muitas tentativas. Aguarde um pouco e tente de novo.';
  if (seconds < 60) return `Muitas tentativas. Tente de novo em ${seconds} s.`;
  const minutes = Math.ceil(seconds / 60);
  return `Muitas tentativas. Tente de novo em cerca de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}
