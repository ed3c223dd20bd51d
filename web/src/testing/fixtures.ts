/** Test data builders and a fetch stub that answers by method and path. */
import { vi } from 'vitest';
import { setAccessToken, setPermissionRoutes, setUserInfo, type StoredUserInfo } from '../lib/session';

function base64url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT with the given claims (the client never checks signatures). */
export function fakeJwt(claims: Record<string, unknown>): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}.signature`;
}

/** A JWT expiring `seconds` from now (negative: already expired). */
export function jwtExpiringIn(seconds: number, extra: Record<string, unknown> = {}): string {
  return fakeJwt({ sub: '1', exp: Math.floor(Date.now() / 1000) + seconds, ...extra });
}

export const ana: StoredUserInfo = {
  role: { name: 'supervisor' },
  displayName: 'Ana Souza',
  email: 'ana@acme.com.br',
  photoURL: null,
  uid: 7,
};

/** Stores a logged-in session: user info, a token valid for an hour, and the permitted routes. */
export function logIn(permissionRoutes: string[] = [], userInfo: StoredUserInfo = ana): string {
  const token = jwtExpiringIn(3600);
  setUserInfo(userInfo);
  setAccessToken(token);
  setPermissionRoutes(permissionRoutes);
  return token;
}

export function json(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface RecordedCall {
  method: string;
  path: string;
  /** The URL's query (`?scope=tenant&q=bol`). */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/**
 * Replaces global fetch. `routes` maps "METHOD /path" to a handler (or a queue of handlers used
 * in turn, the last one repeating). Every call is recorded in `calls`.
 */
/** The URL a fetch was called with, whatever form it took (string, URL or Request). */
export function requestUrl(input: RequestInfo | URL | undefined): string {
  if (input === undefined) return '';
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

export function stubFetch(routes: Record<string, Handler | Handler[]>) {
  const calls: RecordedCall[] = [];
  const used = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers,
      body,
      credentials: init.credentials,
    };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected request ${key}`);
    const handlers = Array.isArray(route) ? route : [route];
    const index = used.get(key) ?? 0;
    used.set(key, index + 1);
    const handler = handlers[Math.min(index, handlers.length - 1)];
    if (!handler) throw new Error(`no handler for ${key}`);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key) };
}
