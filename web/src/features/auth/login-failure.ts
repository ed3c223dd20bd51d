/**
 * Why a login failed, as the login screen says it (docs/contracts.md#error-messages, docs/auth.md).
 *
 * A refused login is always exactly `Email ou/e senha errado(s)`, whatever the cause — wrong
 * password, unknown email, blocked account — so the screen is no account-enumeration oracle; under
 * it, on every such failure, a generic hint about the lockout (the server never says whether an
 * account is blocked). What is not about the account is said as it is: a host with no company
 * (404 `tenant_not_found`), too many attempts from this address (429 `rate_limited` with
 * `Retry-After`), no connection, a server failure.
 */
import { ApiError } from '../../lib/http';
import { CONNECTION_LOST_MESSAGE, isConnectionError } from '../../lib/connection';

export const LOGIN_FAILED_MESSAGE = 'Email ou/e senha errado(s)';
export const USER_INFO_FAILED_MESSAGE = 'Não foi possível carregar seus dados. Tente novamente.';

/**
 * The server's defaults (docs/auth.md#guessing-limits: `LOCKOUT_THRESHOLD` 5 wrong passwords in a
 * row, a first block of 15 minutes). A deployment may set others; the hint names the defaults.
 */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MINUTES = 15;
export const LOCKOUT_HINT =
  `Depois de ${LOCKOUT_THRESHOLD} tentativas erradas a conta fica bloqueada por ${LOCKOUT_MINUTES} minutos. ` +
  'O administrador da sua empresa pode desbloqueá-la antes.';

export type LoginFailure =
  /** Refused (401, or any other 4xx): the spec's message and the lockout hint. */
  | { kind: 'credentials' }
  /** The host names no active company (404 `tenant_not_found`). */
  | { kind: 'tenant-not-found' }
  /** Too many attempts from this address (429); seconds to wait when the server said. */
  | { kind: 'rate-limited'; retryAfter: number | null }
  /** The server could not be reached. */
  | { kind: 'offline' }
  /** The server failed (5xx) or answered something unexpected. */
  | { kind: 'server' }
  /** The password was right, but the user's data did not load afterwards. */
  | { kind: 'user-info' };

/** Thrown when the login itself succeeded but loading the user failed. */
export class UserInfoError extends Error {}

/** The failure a login error stands for. */
export function loginFailureOf(cause: unknown): LoginFailure {
  if (cause instanceof UserInfoError) return { kind: 'user-info' };
  if (isConnectionError(cause)) return { kind: 'offline' };
  if (cause instanceof ApiError) {
    if (cause.status === 404 && cause.code === 'tenant_not_found') return { kind: 'tenant-not-found' };
    if (cause.status === 429) return { kind: 'rate-limited', retryAfter: cause.retryAfter };
    if (cause.status >= 500 || cause.code === 'invalid_response') return { kind: 'server' };
  }
  return { kind: 'credentials' };
}

/**
 * The address of a company on this deployment, for the example: the page's host with its first
 * label (the company part, docs/tenancy.md) replaced, `naoexiste.example.com` → `suaempresa.example.com`.
 */
export function exampleHost(hostname: string): string {
  const host = hostname.toLowerCase();
  if (host === 'localhost') return 'suaempresa.localhost';
  // An IP address or a bare name has no company label to replace.
  if (/^[\d.]+$/.test(host) || host.startsWith('[') || !host.includes('.')) return 'suaempresa.seudominio.com.br';
  return `suaempresa.${host.slice(host.indexOf('.') + 1)}`;
}

/** "Tente de novo em 42 s." (and the minutes when it is long: a 15-minute window is 900 s). */
function waitText(seconds: number): string {
  if (seconds < 60) return `Tente de novo em ${seconds} s.`;
  const minutes = Math.ceil(seconds / 60);
  return `Tente de novo em ${seconds} s (cerca de ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}).`;
}

/** What the screen says: the message (the alert) and, for refused credentials, the hint under it. */
export function describeLoginFailure(
  failure: LoginFailure,
  hostname: string = typeof window === 'undefined' ? 'localhost' : window.location.hostname,
): { message: string; hint: string | null } {
  switch (failure.kind) {
    case 'credentials':
      return { message: LOGIN_FAILED_MESSAGE, hint: LOCKOUT_HINT };
    case 'tenant-not-found':
      return { message: `Empresa não encontrada. Confira o endereço (ex.: ${exampleHost(hostname)}).`, hint: null };
    case 'rate-limited':
      return {
        message:
          failure.retryAfter === null
            ? 'Muitas tentativas. Aguarde um pouco e tente de novo.'
            : `Muitas tentativas. ${waitText(failure.retryAfter)}`,
        hint: null,
      };
    case 'offline':
      return { message: CONNECTION_LOST_MESSAGE, hint: null };
    case 'server':
      return { message: 'O servidor não conseguiu responder agora. Tente de novo em alguns instantes.', hint: null };
    case 'user-info':
      return { message: USER_INFO_FAILED_MESSAGE, hint: null };
  }
}
