/**
 * The real REST API called from the tests' own process (not the browser), for what a test file
 * sets up in `beforeAll` and puts back in `afterAll`, so that files pass in any order: e.g. the
 * routes of a role, which several files read and some change. Requests go to the server's
 * loopback address with the tenant's `Host`, as a browser on `acme.localhost` sends them.
 */
import { request } from 'node:http';
import type { E2EContext } from './context';

/** A role as `GET /api/permission` lists it. */
export interface Role {
  id: number;
  name: string;
  display_name: string;
  has_permission_routes: string[];
  require_two_factor: boolean;
}

/** What to change in a role: route names to add or remove, and the two-factor requirement. */
export interface RoleChange {
  grant?: string[];
  revoke?: string[];
  requireTwoFactor?: boolean;
}

/** An answer as received: the status and the JSON body (null when empty, the text when not JSON). */
export interface Answer {
  status: number;
  body: unknown;
}

export interface SendOptions {
  /** The origin whose host is sent as `Host` (the tenant); default `e2e.baseUrl`. */
  origin?: string;
  /**
   * The loopback address to connect from (any of 127.0.0.0/8 reaches the server on 127.0.0.1): the
   * server counts login failures per client address, so failures a test provokes on purpose come
   * from an address of their own and leave 127.0.0.1's budget to the browser.
   */
  fromAddress?: string;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One JSON call to the server as a browser on the tenant's host sends it; any status resolves. */
export function send(
  e2e: E2EContext,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  options: SendOptions = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, e2e.serverUrl),
      {
        method,
        localAddress: options.fromAddress,
        headers: {
          Host: new URL(options.origin ?? e2e.baseUrl).host,
          Accept: 'application/json',
          ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: parseBody(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** One JSON call on the tenant of `e2e.baseUrl`; rejects on any answer but 2xx. */
async function call<T>(e2e: E2EContext, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const answer = await send(e2e, method, path, body, token);
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${method} ${path} → ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return (answer.body ?? undefined) as T;
}

/** An access token of the tenant's administrator (who holds every route of the company). */
export async function adminToken(e2e: E2EContext): Promise<string> {
  const answer = await call<{ access_token: string }>(e2e, 'POST', '/api/auth/login', {
    email: e2e.admin.email,
    password: e2e.admin.password,
    ip: null,
  });
  return answer.access_token;
}

async function findRole(e2e: E2EContext, token: string, name: string): Promise<Role> {
  const roles = await call<Role[]>(e2e, 'GET', '/api/permission', undefined, token);
  const role = roles.find((candidate) => candidate.name === name);
  if (!role) throw new Error(`no role ${name} in ${roles.map((candidate) => candidate.name).join(', ')}`);
  return role;
}

async function saveRole(e2e: E2EContext, token: string, id: number, routes: string[], requireTwoFactor: boolean) {
  await call(e2e, 'POST', '/api/permission/update', { roleId: id, permissions: routes, requireTwoFactor }, token);
}

/** The role named `name` as the server holds it now. */
export async function getRole(e2e: E2EContext, name: string): Promise<Role> {
  return findRole(e2e, await adminToken(e2e), name);
}

/**
 * Applies `change` to the role named `name` (nothing is sent when it already matches) and returns
 * the role as it was, for `restoreRole` in `afterAll`.
 */
export async function changeRole(e2e: E2EContext, name: string, change: RoleChange): Promise<Role> {
  const token = await adminToken(e2e);
  const before = await findRole(e2e, token, name);
  const revoked = new Set(change.revoke ?? []);
  const routes = before.has_permission_routes.filter((route) => !revoked.has(route));
  for (const route of change.grant ?? []) if (!routes.includes(route)) routes.push(route);
  const requireTwoFactor = change.requireTwoFactor ?? before.require_two_factor;
  const same =
    routes.length === before.has_permission_routes.length &&
    routes.every((route) => before.has_permission_routes.includes(route)) &&
    requireTwoFactor === before.require_two_factor;
  if (!same) await saveRole(e2e, token, before.id, routes, requireTwoFactor);
  return before;
}

/** Puts a role back as `getRole` or `changeRole` returned it. */
export async function restoreRole(e2e: E2EContext, role: Role): Promise<void> {
  await saveRole(e2e, await adminToken(e2e), role.id, role.has_permission_routes, role.require_two_factor);
}

/** A user as `GET /api/users` lists it (the fields the tests read). */
export interface ListedUser {
  id: number;
  name: string;
  email: string;
  blocked: boolean;
}

/** The user of the tenant with this email, as its administrator sees it in the users list. */
export async function findUser(e2e: E2EContext, email: string): Promise<ListedUser> {
  const token = await adminToken(e2e);
  const page = await call<{ data: ListedUser[] }>(
    e2e,
    'GET',
    `/api/users?page=1&limit=10&search=${encodeURIComponent(email)}`,
    undefined,
    token,
  );
  const user = page.data.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`no user ${email} in ${page.data.map((candidate) => candidate.email).join(', ')}`);
  return user;
}

/**
 * `attempts` logins with wrong passwords through `POST /api/auth/login {email, password, ip: null}`
 * on the tenant's host, as someone guessing would, from `fromAddress`; returns the statuses.
 */
export async function wrongPasswords(
  e2e: E2EContext,
  email: string,
  attempts: number,
  fromAddress: string,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const answer = await send(
      e2e,
      'POST',
      '/api/auth/login',
      { email, password: `errada-${attempt}`, ip: null },
      undefined,
      { fromAddress },
    );
    statuses.push(answer.status);
  }
  return statuses;
}

/** An operator's access token (back-office host), for the operators' API (tenant features). */
export async function operatorToken(e2e: E2EContext): Promise<string> {
  const answer = await send(
    e2e,
    'POST',
    '/api/auth/login',
    { email: e2e.operator.email, password: e2e.operator.password, ip: null },
    undefined,
    { origin: e2e.backofficeUrl },
  );
  if (answer.status !== 200) throw new Error(`operator login → ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as { access_token: string }).access_token;
}

/** A tenant's feature options, as an operator reads them. */
export async function tenantFeatures(
  e2e: E2EContext,
  token: string,
  tenant: string,
): Promise<{ option: string; enabled: boolean }[]> {
  const answer = await send(
    e2e,
    'GET',
    `/api/tenant/feature?tenantName=${encodeURIComponent(tenant)}`,
    undefined,
    token,
    { origin: e2e.backofficeUrl },
  );
  if (answer.status !== 200) throw new Error(`features → ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as { option: string; enabled: boolean }[];
}

/** Switches a tenant's feature option, as an operator. */
export async function setTenantFeature(
  e2e: E2EContext,
  token: string,
  tenant: string,
  option: string,
  enabled: boolean,
): Promise<void> {
  const answer = await send(e2e, 'POST', '/api/tenant/feature', { option, enabled, tenantName: tenant }, token, {
    origin: e2e.backofficeUrl,
  });
  if (answer.status !== 200) throw new Error(`feature ${option} → ${answer.status}: ${JSON.stringify(answer.body)}`);
}
