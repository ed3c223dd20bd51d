/**
 * The one HTTP client of the app (fetch-based). It adds the bearer token, turns error answers
 * into `ApiError`, counts requests for the loading indicator, and applies the 401 rules
 * (docs/auth.md#the-401-contract):
 *
 * - body `status` is one of `LOGOUT_STATUSES` → remove the token, go to /login;
 * - else for each entry of body `errors`: `Token has expired` → refresh the token (one refresh
 *   shared by every request that needs it) and retry the failed request once; `Unauthorized` or
 *   `Authorization Token not found` → remove the token, go to /login;
 * - anything else is rejected to the caller.
 *
 * Going to /login is delegated to a handler the app installs (`setUnauthorizedHandler`), so this
 * module does not depend on the router. When the server ended a session the user had (a 401 that
 * ends it, or a refused refresh), the login screen is told so (`markSessionExpired`) and says
 * "Sua sessão expirou, entre novamente." once.
 *
 * A 429 keeps the answer's `Retry-After` (seconds) in `ApiError.retryAfter`. A failed permission or
 * instance call is logged with `console.error` and rethrown (`logsFailures`, the specification's §8).
 *
 * Bodies are JSON: a request with a body carries `Content-Type: application/json`, one without a
 * body carries no Content-Type (the server answers 415 to any other body type) — except a file
 * (`Blob`), sent as its bytes with its own type (`contentType`, else the file's), for the one call
 * that takes a file (docs/campaigns.md: the recipients import). A request that needs the token
 * when there is none is not sent: there is no session to use.
 */
import * as z from 'zod/mini';
import { plainPaths } from '../config/paths';
import { trackRequest, withLoadingOverlay } from './loading';
import { getBaseUrl, getSession, markSessionExpired, removeAccessToken, setAccessToken } from './session';

/** 401 body `status` values that end the session at once (docs/auth.md#the-401-contract). */
export const LOGOUT_STATUSES: readonly string[] = [
  'Unauthorized',
  'Authorization Token not found',
  'Token is Expired',
  'Token is Invalid',
];
/** 401 `errors[].message` values that end the session (docs/auth.md#the-401-contract). */
const LOGOUT_ERROR_MESSAGES: readonly string[] = ['Unauthorized', 'Authorization Token not found'];
/** 401 `errors[].message` that asks for a refresh and one retry (docs/auth.md#the-401-contract). */
export const TOKEN_EXPIRED_MESSAGE = 'Token has expired';
/** What the person is told when the server ended their session (the login screen's notice). */
export const SESSION_EXPIRED_MESSAGE = 'Sua sessão expirou, entre novamente.';
/** The message of a request that never reached the server (status 0, code `network_error`). */
export const NETWORK_ERROR_MESSAGE = 'Não foi possível falar com o servidor. Verifique sua conexão.';

/**
 * REST twin of the GraphQL `refreshToken` mutation (docs/auth.md); the refresh token is an httpOnly
 * cookie.
 */
export const REFRESH_PATH = '/api/auth/refresh';
const RefreshAnswerSchema = z.object({ refreshToken: z.object({ token: z.string().check(z.minLength(1)) }) });

export interface FieldError {
  field?: string;
  message: string;
}

/**
 * Error answer of the API (docs/contracts.md#api-conventions: `{code, message, errors:[{field,
 * message}]}`), or a network failure (status 0).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly errors: readonly FieldError[];
  readonly body: unknown;
  /** Seconds to wait before trying again (the answer's `Retry-After`, e.g. a 429); null if none. */
  readonly retryAfter: number | null;

  constructor(
    status: number,
    code: string,
    message: string,
    errors: readonly FieldError[] = [],
    body: unknown = null,
    retryAfter: number | null = null,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

/**
 * `Retry-After` in seconds (RFC 9110: a number of seconds or an HTTP date), at least 1; null when
 * absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.max(1, Number(text));
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(1, Math.ceil((date - now) / 1000));
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  method?: HttpMethod;
  /**
   * Sent as JSON with `Content-Type: application/json`; undefined or null sends no body and no
   * Content-Type (e.g. the unblock PATCH). A `Blob` (a file) is sent as its bytes.
   */
  body?: unknown;
  /** The `Content-Type` of a `Blob` body (default: the file's own type). */
  contentType?: string;
  /** Added to the URL; null and undefined values are left out. */
  query?: QueryParams;
  /** Validates (and types) a JSON answer; a mismatch rejects with code `invalid_response`. */
  schema?: z.core.$ZodType<T>;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /**
   * The bearer token to send instead of the stored one: logout removes the stored token first, so
   * nothing else uses it, and still ends it on the server.
   */
  token?: string;
  /** Apply the 401 rules (default: same as `auth`). Login and logout handle their own failures. */
  handleUnauthorized?: boolean;
  credentials?: RequestCredentials;
  signal?: AbortSignal;
  /** The `Accept` header (default `application/json`). */
  accept?: string;
  /** `response`: the Response itself, body unread (a download that reports its progress). */
  responseType?: 'json' | 'blob' | 'text' | 'response';
  /** Hold the global loading overlay while the request runs. */
  overlay?: boolean;
  /**
   * An error answer the caller reads as a result, not a failure (a sync call's 404: "no job"): not
   * logged as a failed permission or instance call (`logsFailures`).
   */
  expectedError?: (error: ApiError) => boolean;
}

// ---------------------------------------------------------------------------------------------
// Going to /login

function defaultUnauthorizedHandler(): void {
  if (window.location.pathname !== plainPaths.login) window.location.assign(plainPaths.login);
}

let unauthorizedHandler: () => void = defaultUnauthorizedHandler;

/** The app routes the user to /login through its router instead of a full page load. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

/**
 * 403 `code` of every call but `userInfo`, `logout`, `refresh` and `/api/auth/password` while a
 * temporary password must be changed (docs/account.md#temporary-password-administrator).
 */
export const PASSWORD_CHANGE_REQUIRED = 'password_change_required';

function defaultPasswordChangeHandler(): void {
  if (window.location.pathname !== plainPaths.changePassword) window.location.assign(plainPaths.changePassword);
}

let passwordChangeHandler: () => void = defaultPasswordChangeHandler;

/** The app sends the person to the forced password change through its router (main.tsx). */
export function setPasswordChangeRequiredHandler(handler: () => void): void {
  passwordChangeHandler = handler;
}

/**
 * Removes the token and goes to /login. `serverEnded`: the server refused the session the user had
 * (not a request made after a logout), so the login screen says the session expired — unless the
 * user info is already gone (a logout finished meanwhile).
 */
function endSession(serverEnded: boolean): void {
  if (serverEnded && getSession().userInfo !== null) markSessionExpired();
  removeAccessToken();
  unauthorizedHandler();
}

/**
 * The server ended the session by another way than a 401 answer — the realtime socket's 1008
 * close, confirmed by a session check (app/realtime.ts) —: the same as a 401 that ends it.
 */
export function endSessionEndedByServer(): void {
  endSession(true);
}

// ---------------------------------------------------------------------------------------------
// Requests

/** The full URL of an API path (the configured base URL), with its query. */
export function buildUrl(path: string, query?: QueryParams): string {
  const url = `${getBaseUrl()}${path}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

function buildInit(options: RequestOptions<unknown>, token: string | null): RequestInit {
  const headers = new Headers({ Accept: options.accept ?? 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  // Every endpoint takes JSON and refuses other bodies with 415 (docs/contracts.md#api-conventions);
  // no body, no Content-Type. A file goes as its bytes (docs/campaigns.md, the recipients import).
  if (options.body instanceof Blob) {
    headers.set('Content-Type', options.contentType ?? (options.body.type || 'application/octet-stream'));
    body = options.body;
  } else if (options.body !== undefined && options.body !== null) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: options.credentials ?? 'same-origin',
    signal: options.signal,
  };
}

async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // Cancelled while the body was read (a newer read of the same query superseded this one): the
    // caller's own abort, to be passed on — not an empty answer to check against its schema.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    text = '';
  }
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

const DEFAULTS: Record<number, [code: string, message: string]> = {
  400: ['bad_request', 'Requisição inválida.'],
  401: ['unauthorized', SESSION_EXPIRED_MESSAGE],
  403: ['forbidden', 'Você não tem permissão para fazer isso.'],
  404: ['not_found', 'Não encontrado.'],
  409: ['conflict', 'Conflito: o registro já existe ou foi alterado.'],
  413: ['payload_too_large', 'Conteúdo grande demais.'],
  422: ['unprocessable_entity', 'Dados inválidos.'],
  429: ['too_many_requests', 'Muitas tentativas. Aguarde um pouco e tente de novo.'],
};

/** Builds the ApiError of an error answer, keeping the server's pt_BR `message` when it has one. */
function toApiError(status: number, body: unknown, headers?: Headers): ApiError {
  const record = asRecord(body);
  const [defaultCode, defaultMessage] =
    DEFAULTS[status] ??
    (status >= 500
      ? ['server_error', 'Erro no servidor. Tente novamente mais tarde.']
      : ['http_error', `Erro inesperado (HTTP ${status}).`]);
  const errors: FieldError[] = Array.isArray(record.errors)
    ? record.errors.flatMap((entry): FieldError[] => {
        const item = asRecord(entry);
        if (typeof item.message !== 'string') return [];
        return typeof item.field === 'string'
          ? [{ field: item.field, message: item.message }]
          : [{ message: item.message }];
      })
    : [];
  const code = typeof record.code === 'string' ? record.code : defaultCode;
  // The server's `message` is pt_BR (docs/contracts.md#api-conventions); the 401 bodies carry
  // English status strings meant for this client, not for the user, so they fall back to the pt_BR
  // default.
  const message = typeof record.message === 'string' ? record.message : defaultMessage;
  return new ApiError(status, code, message, errors, body, parseRetryAfter(headers?.get('Retry-After') ?? null));
}

async function parseSuccess<T>(response: Response, options: RequestOptions<T>): Promise<T> {
  if (options.responseType === 'response') return response as T;
  if (options.responseType === 'blob') return (await response.blob()) as T;
  if (options.responseType === 'text') return (await response.text()) as T;
  const data = response.status === 204 ? null : await readBody(response);
  if (!options.schema) return data as T;
  const parsed = z.safeParse(options.schema, data);
  if (parsed.success) return parsed.data;
  // The raw issues (path, message): zod's prettifyError would add its formatter to /login's bytes.
  console.error('[http] unexpected answer', response.url, parsed.error.issues);
  throw new ApiError(response.status, 'invalid_response', 'Resposta inesperada do servidor.', [], data);
}

async function send<T>(path: string, options: RequestOptions<T>, retried: boolean): Promise<T> {
  const auth = options.auth ?? true;
  const token = auth ? (options.token ?? getSession().accessToken) : null;
  if (auth && token === null) {
    // No session (logged out, or another request ended it): the server could only answer 401
    // "Authorization Token not found", which ends the session; do that without the round trip.
    if (options.handleUnauthorized ?? auth) endSession(false);
    throw toApiError(401, null);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), buildInit(options, token));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  if (response.ok) return parseSuccess(response, options);

  const body = await readBody(response);
  await handleErrorAnswer(response.status, body, response.headers, {
    retried,
    sentToken: token,
    unauthorizedRules: options.handleUnauthorized ?? auth,
  });
  return send(path, options, true);
}

/**
 * What an error answer means (for a request sent outside `request`, e.g. an upload through
 * XMLHttpRequest for its progress): resolves when the request should be sent once more with the
 * stored token (a 401 "Token has expired", the token refreshed), else rejects with the `ApiError`
 * — after the same 401 rules and temporary-password hand-off as every other call.
 */
export async function handleErrorAnswer(
  status: number,
  body: unknown,
  headers: Headers | undefined,
  request: { retried: boolean; sentToken: string | null; unauthorizedRules?: boolean },
): Promise<void> {
  if (status === 401 && (request.unauthorizedRules ?? true)) {
    await checkUnauthorized(request.retried, request.sentToken, body);
    return;
  }
  // Any call refused for a temporary password sends the person to change it (the caller still fails).
  if (status === 403 && asRecord(body).code === PASSWORD_CHANGE_REQUIRED) passwordChangeHandler();
  throw toApiError(status, body, headers);
}

/**
 * The token to send for a call made outside `request`; none (no session) ends the session the
 * same way `request` does, and rejects.
 */
export function requireAccessToken(): string {
  const token = getSession().accessToken;
  if (token !== null) return token;
  endSession(false);
  throw toApiError(401, null);
}

/** Reads an answer's text as JSON when it is JSON (else the text itself; null when empty). */
export function parseAnswerText(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Resolves when the request should be retried with the (refreshed) token; rejects otherwise. */
async function checkUnauthorized(retried: boolean, sentToken: string | null, body: unknown): Promise<void> {
  const record = asRecord(body);
  if (typeof record.status === 'string' && LOGOUT_STATUSES.includes(record.status)) {
    endSession(true);
    throw toApiError(401, body);
  }
  const errors = Array.isArray(record.errors) ? record.errors : [];
  for (const entry of errors) {
    const message = asRecord(entry).message;
    if (message === TOKEN_EXPIRED_MESSAGE) {
      // One retry per request: a second "expired" after a fresh token is the caller's problem.
      if (retried) break;
      const current = getSession().accessToken;
      // Another request already refreshed while this one was in flight: just retry with the new
      // token. Refreshing again would replay a rotated refresh token and revoke the family.
      if (current === null || current === sentToken) {
        try {
          await refreshAccessToken();
        } catch (error) {
          // Offline: the session may well be fine; say so, and let the person try again.
          if (error instanceof ApiError && error.status === 0) throw error;
          // Refused (the refresh marked the session expired) or broken: the session is over.
          endSession(false);
          throw toApiError(401, body);
        }
      }
      return;
    }
    if (typeof message === 'string' && LOGOUT_ERROR_MESSAGES.includes(message)) {
      endSession(true);
      throw toApiError(401, body);
    }
  }
  throw toApiError(401, body);
}

// ---------------------------------------------------------------------------------------------
// Token refresh

let refreshing: Promise<string> | null = null;

async function doRefresh(): Promise<string> {
  let response: Response;
  try {
    response = await fetch(buildUrl(REFRESH_PATH), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  }
  const body = await readBody(response);
  if (!response.ok) {
    // The refresh cookie was refused: the session the user had is over (the guard and the socket
    // refresh here too, then go to /login), and the login screen says so.
    if (response.status === 401 && getSession().userInfo !== null) markSessionExpired();
    throw toApiError(response.status, body, response.headers);
  }
  const parsed = RefreshAnswerSchema.safeParse(body);
  if (!parsed.success)
    throw new ApiError(response.status, 'invalid_response', 'Resposta inesperada do servidor.', [], body);
  setAccessToken(parsed.data.refreshToken.token);
  return parsed.data.refreshToken.token;
}

/**
 * Gets a new access token with the refresh cookie and stores it. Calls made while a refresh is
 * running share it, so one expiry never causes two refreshes.
 */
export function refreshAccessToken(): Promise<string> {
  refreshing ??= doRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

// ---------------------------------------------------------------------------------------------
// Public API

/**
 * The calls whose failures are logged to the browser console and rethrown (the specification, §8:
 * "Permission and instance REST failures are logged and rethrown"; docs/contracts.md#error-messages):
 * `/api/permission…` and `/api/instance…`.
 */
const LOGGED_FAILURES = /^\/api\/(permission|instance)(\/|\?|$)/;

/** Whether a failure of a call to `path` is logged (see `LOGGED_FAILURES`). */
export function logsFailures(path: string): boolean {
  return LOGGED_FAILURES.test(path);
}

/**
 * Logs a failed permission or instance call with `console.error` and rethrows it (an abort is not
 * a failure, nor an answer the caller expects: `expectedError`).
 */
async function logFailure<T>(path: string, options: RequestOptions<T>, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const aborted = error instanceof DOMException && error.name === 'AbortError';
    const expected = error instanceof ApiError && options.expectedError?.(error) === true;
    if (!aborted && !expected) console.error(`[api] ${options.method ?? 'GET'} ${path} failed`, error);
    throw error;
  }
}

/** Sends one request to the back-office API (`path` starts with /api, /graphql...). */
export function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const sent = send(path, options, false);
  const tracked = trackRequest(logsFailures(path) ? logFailure(path, options, sent) : sent);
  return options.overlay ? withLoadingOverlay(tracked) : tracked;
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export const http = {
  get: <T = unknown>(path: string, options?: Options<T>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Options<T>) => request<T>(path, { ...options, method: 'DELETE' }),
};
