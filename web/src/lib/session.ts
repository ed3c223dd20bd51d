/**
 * The browser session: what is kept in localStorage and whether the user counts as logged in.
 *
 * Keys are contracts (docs/contracts.md#entities-and-storage-keys, web/README.md): `userInfo`,
 * `permissions`, `permissionRoutes`, `baseUrl`, plus `accessToken` and `accessTokenExpiry`.
 * `originBackoffice` keeps the login answer's `origin_backoffice` flag
 * (docs/contracts.md#entities-and-storage-keys, "Auth session") across reloads. React reads the
 * session through `useSession()`; everything else through the getters.
 */
import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';

export const STORAGE_KEYS = {
  userInfo: 'userInfo',
  permissions: 'permissions',
  permissionRoutes: 'permissionRoutes',
  baseUrl: 'baseUrl',
  accessToken: 'accessToken',
  accessTokenExpiry: 'accessTokenExpiry',
  originBackoffice: 'originBackoffice',
} as const;

/** Locally stored user info (shape: docs/contracts.md#entities-and-storage-keys). */
const StoredUserInfoSchema = z.object({
  role: z.object({ name: z.string() }),
  displayName: z.string(),
  email: z.string(),
  photoURL: z.nullable(z.string()),
  uid: z.union([z.number(), z.string()]),
});
export type StoredUserInfo = z.infer<typeof StoredUserInfoSchema>;

/**
 * A permission as listed by the permission API (docs/contracts.md#entities-and-storage-keys:
 * Permission has route_name).
 */
const PermissionSchema = z.looseObject({ route_name: z.string() });
export type Permission = z.infer<typeof PermissionSchema>;

export interface Session {
  accessToken: string | null;
  /** Unix epoch milliseconds taken from the token's `exp` claim; null when unknown. */
  accessTokenExpiry: number | null;
  userInfo: StoredUserInfo | null;
  permissionRoutes: readonly string[];
  permissions: readonly Permission[];
  originBackoffice: boolean;
}

// ---------------------------------------------------------------------------------------------
// Reading

function readJson<T>(key: string, schema: z.ZodMiniType<T>): T | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function readSession(): Session {
  const expiry = Number(localStorage.getItem(STORAGE_KEYS.accessTokenExpiry));
  return {
    accessToken: localStorage.getItem(STORAGE_KEYS.accessToken) || null,
    accessTokenExpiry: Number.isFinite(expiry) && expiry > 0 ? expiry : null,
    userInfo: readJson(STORAGE_KEYS.userInfo, StoredUserInfoSchema),
    permissionRoutes: readJson(STORAGE_KEYS.permissionRoutes, z.array(z.string())) ?? [],
    permissions: readJson(STORAGE_KEYS.permissions, z.array(PermissionSchema)) ?? [],
    originBackoffice: localStorage.getItem(STORAGE_KEYS.originBackoffice) === 'true',
  };
}

// A cached snapshot, rebuilt only when a key changes, so useSyncExternalStore sees a stable value.
let snapshot: Session | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  snapshot = null;
  listeners.forEach((listener) => listener());
}

export function getSession(): Session {
  snapshot ??= readSession();
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const ownKeys = new Set<string>(Object.values(STORAGE_KEYS));
if (typeof window !== 'undefined') {
  // Another tab logged in or out: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key === null || ownKeys.has(event.key)) changed();
  });
}

/** The session as React state: re-renders when any session key changes (in this tab or another). */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

// ---------------------------------------------------------------------------------------------
// The logged-in rule

/** True when the token exists and its stored expiry is still ahead (docs/contracts.md#constants). */
export function hasValidAccessToken(session: Session = getSession(), now = Date.now()): boolean {
  return session.accessToken !== null && session.accessTokenExpiry !== null && now < session.accessTokenExpiry;
}

/**
 * A user counts as logged in only if the stored user info exists and the token is present and not
 * past its stored expiry (docs/contracts.md#states-and-transitions, docs/contracts.md#constants).
 */
export function isLoggedIn(session: Session = getSession(), now = Date.now()): boolean {
  return session.userInfo !== null && hasValidAccessToken(session, now);
}

/**
 * The `exp` claim of a JWT, as Unix epoch milliseconds, or null when the token is not a JWT or has
 * no numeric `exp`. The signature is not checked: the server does that; the client only needs
 * to know when to stop treating the token as valid.
 */
export function decodeJwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const claims: unknown = JSON.parse(atob(padded));
    if (typeof claims === 'object' && claims !== null && 'exp' in claims) {
      const exp = claims.exp;
      if (typeof exp === 'number' && Number.isFinite(exp)) return exp * 1000;
    }
    return null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Writing

/** Stores a new access token and its expiry (decoded from the token's `exp`). */
export function setAccessToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, token);
  const expiry = decodeJwtExpiry(token);
  if (expiry === null) localStorage.removeItem(STORAGE_KEYS.accessTokenExpiry);
  else localStorage.setItem(STORAGE_KEYS.accessTokenExpiry, String(expiry));
  changed();
}

/**
 * Removes the access token (docs/auth.md#the-401-contract: what a 401 does); the rest of the
 * session stays.
 */
export function removeAccessToken(): void {
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.accessTokenExpiry);
  changed();
}

export function setUserInfo(userInfo: StoredUserInfo): void {
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(userInfo));
  changed();
}

export function setPermissionRoutes(routes: readonly string[]): void {
  localStorage.setItem(STORAGE_KEYS.permissionRoutes, JSON.stringify(routes));
  changed();
}

export function setPermissions(permissions: readonly Permission[]): void {
  localStorage.setItem(STORAGE_KEYS.permissions, JSON.stringify(permissions));
  changed();
}

export function setOriginBackoffice(value: boolean): void {
  localStorage.setItem(STORAGE_KEYS.originBackoffice, String(value));
  changed();
}

/**
 * Forgets everything *stored* about the user (logout, failed login): the localStorage keys and the
 * session-expired notice. `baseUrl` is not the user's: it stays. What the login form shows (the
 * email typed) is the form's, not the session's: it is never touched here.
 */
export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) {
    if (key !== STORAGE_KEYS.baseUrl) localStorage.removeItem(key);
  }
  forgetSessionExpired();
  changed();
}

// ---------------------------------------------------------------------------------------------
// "Your session expired" (the login screen's notice after a 401 sent the user there)

/**
 * sessionStorage key (this tab only, gone with it) set when the server ended a session the user
 * had (a 401 of docs/auth.md#the-401-contract, or a refused refresh): the login screen then says
 * why the person is there, once. Not a localStorage contract key: nothing else reads it.
 */
export const SESSION_EXPIRED_KEY = 'sessionExpired';

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage disabled by the browser: the notice is a nicety, not worth failing for.
    return null;
  }
}

/** Records that the server ended the user's session (lib/http.ts, on the 401s that end it). */
export function markSessionExpired(): void {
  sessionStore()?.setItem(SESSION_EXPIRED_KEY, '1');
}

/** True when a session ended by the server has not been told to the person yet. */
export function isSessionExpiredPending(): boolean {
  return sessionStore()?.getItem(SESSION_EXPIRED_KEY) === '1';
}

/** The notice was shown (or no longer applies: a logout, a new login). */
export function forgetSessionExpired(): void {
  sessionStore()?.removeItem(SESSION_EXPIRED_KEY);
}

// ---------------------------------------------------------------------------------------------
// API base URL

/** The back-office API origin used for every call ('' = the page's own origin). */
export function getBaseUrl(): string {
  return localStorage.getItem(STORAGE_KEYS.baseUrl) ?? '';
}

/**
 * Records the API origin of this tenant (docs/contracts.md#entities-and-storage-keys, `baseUrl`);
 * called once at start-up.
 */
export function setBaseUrl(url: string): void {
  localStorage.setItem(STORAGE_KEYS.baseUrl, url);
}
