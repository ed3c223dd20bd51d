/**
 * What the inbox test (06-inbox) plays besides the browsers: the instance's provider. A fake
 * provider over plain HTTP on 127.0.0.1 (the server runs with ALLOW_PRIVATE_PROVIDERS=true) that
 * records what the server sends it and answers like a real one (one message per `clientId`), and the provider's events pushed to
 * the server as Standard Webhooks (docs/providers.md#inbound-events). Plus the tenant's set-up
 * through the real API as its administrator.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { send, type Answer } from './api';
import type { E2EContext } from './context';

/** A request the fake provider received. */
export interface ProviderCall {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

export interface FakeProvider {
  url: string;
  calls: ProviderCall[];
  /**
   * Messages taken for sending (POST /messages), with the id the provider gave each. A `clientId`
   * already taken answers its first id again and is not sent twice (docs/providers.md#sending),
   * so a message the provider reported failed is only sent again under a new key.
   */
  sent: { id: string; body: string; phone: string; clientId: string; type: string; fileName: string }[];
  /** Serves `bytes` at `/files/{name}` to the instance's bearer token (a customer's medium); its URL. */
  host: (name: string, bytes: Buffer, contentType: string) => string;
  close: () => Promise<void>;
}

/** The pairing code the fake provider hands out for a QR code. */
export const PAIRING_CODE = '2@e2e-pareamento,ZmFrZS1wcm92aWRlcg==,bG9qYQ==';
/**
 * A message whose body contains this is refused once per `clientId` (a 422: the server gives up at
 * once, the message is `failed`); the retry, under the same `clientId`, goes through.
 */
export const REFUSE_ONCE = '#recusar';

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const calls: ProviderCall[] = [];
  const sent: FakeProvider['sent'] = [];
  const refused = new Set<string>();
  const taken = new Map<string, string>();
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://provider');
      const file = request.method === 'GET' ? files.get(url.pathname) : undefined;
      if (file) {
        // The worker fetches a customer's medium with the instance's secret as its bearer token.
        if (!(request.headers.authorization ?? '').startsWith('Bearer whsec_')) {
          response.writeHead(401).end();
          return;
        }
        response.writeHead(200, { 'Content-Type': file.contentType });
        response.end(file.bytes);
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      calls.push({ method: request.method ?? 'GET', path: url.pathname, body });
      const json = (status: number, payload: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.method === 'POST' && url.pathname === '/messages') {
        const message = str(body?.body);
        const clientId = str(body?.clientId);
        if (message.includes(REFUSE_ONCE) && !refused.has(clientId)) {
          refused.add(clientId);
          json(422, { error: 'número sem WhatsApp' });
          return;
        }
        const known = taken.get(clientId);
        if (known !== undefined) {
          json(200, { id: known });
          return;
        }
        const id = `prov-${sent.length + 1}`;
        taken.set(clientId, id);
        const media = (body?.media ?? {}) as Record<string, unknown>;
        sent.push({
          id,
          body: message,
          phone: str(body?.phone),
          clientId,
          type: str(body?.type) || 'text',
          fileName: str(media.fileName),
        });
        json(200, { id });
      } else if (request.method === 'POST' && url.pathname === '/session') {
        json(200, { qrcode: PAIRING_CODE });
      } else if (request.method === 'DELETE' && url.pathname === '/session') {
        response.writeHead(204).end();
      } else if (request.method === 'GET' && url.pathname === '/messages') {
        json(200, { messages: [], next_cursor: null });
      } else {
        response.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    calls,
    sent,
    host: (name, bytes, contentType) => {
      files.set(`/files/${name}`, { bytes, contentType });
      return `${base}/files/${name}`;
    },
    // The back-office keeps its keep-alive connections to us open (and may be mid-request, e.g. a
    // retried delivery): `close()` alone would wait for them, so they are cut first.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A Standard Webhooks secret: `whsec_` and base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

let eventCount = 0;

/**
 * Pushes one provider event to `POST /api/instance/{id}/events`, signed as Standard Webhooks:
 * HMAC-SHA256 over `${id}.${timestamp}.${body}` with the base64-decoded secret. The instance is
 * the inbox tenant's unless `origin` names another tenant's host.
 */
export async function pushProviderEvent(
  e2e: E2EContext,
  instanceId: number,
  secret: string,
  event: { type: 'message' | 'ack' | 'status' | 'reaction' | 'edit' | 'revoke'; data: Record<string, unknown> },
  origin: string = e2e.inbox.baseUrl,
): Promise<Answer> {
  eventCount += 1;
  const id = `evt_e2e_${Date.now()}_${eventCount}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify(event);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(`/api/instance/${instanceId}/events`, e2e.serverUrl),
      {
        method: 'POST',
        headers: {
          Host: new URL(origin).host,
          'Content-Type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': `v1,${signature}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A customer writes (a `message` event, `in`), to the inbox tenant's instance unless `origin` says. */
export function customerWrites(
  e2e: E2EContext,
  instanceId: number,
  secret: string,
  message: { phone: string; name: string; body: string },
  origin: string = e2e.inbox.baseUrl,
): Promise<Answer> {
  eventCount += 1;
  return pushProviderEvent(
    e2e,
    instanceId,
    secret,
    {
      type: 'message',
      data: {
        id: `wamid-e2e-${Date.now()}-${eventCount}`,
        phone: message.phone,
        name: message.name,
        direction: 'in',
        body: message.body,
        sentAt: new Date().toISOString(),
      },
    },
    origin,
  );
}

/** One JSON call on the inbox tenant; rejects on any answer but 2xx. */
export async function inboxCall<T>(e2e: E2EContext, method: string, path: string, body?: unknown, token?: string) {
  const answer = await send(e2e, method, path, body, token, { origin: e2e.inbox.baseUrl });
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${method} ${path} → ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body as T;
}

/**
 * An instance of the inbox tenant of a file's own, on `provider`, whose events are signed with
 * `secret`: no attendant of 06-inbox is linked to it, so their queues stay as that file expects.
 */
export async function inboxInstance(
  e2e: E2EContext,
  token: string,
  name: string,
  provider: FakeProvider,
  secret: string,
): Promise<number> {
  const instance = await inboxCall<{ id: number }>(
    e2e,
    'POST',
    '/api/instance',
    { name, isOfficial: false, isUnlimited: false, providerBaseUrl: provider.url, providerSecret: secret },
    token,
  );
  return instance.id;
}

export async function inboxAdminToken(e2e: E2EContext): Promise<string> {
  const answer = await inboxCall<{ access_token: string }>(e2e, 'POST', '/api/auth/login', {
    email: e2e.inbox.admin.email,
    password: e2e.inbox.admin.password,
    ip: null,
  });
  return answer.access_token;
}

interface ListedUser {
  id: number;
  name: string;
  email: string;
  username: string;
  role: { id: number } | null;
  userDepartment: { id: number } | null;
}

/** Links the users with these emails to the instance (a whole-object edit, as the users screen sends). */
export async function linkToInstance(e2e: E2EContext, token: string, emails: string[], instanceId: number) {
  for (const email of emails) {
    const page = await inboxCall<{ data: ListedUser[] }>(
      e2e,
      'GET',
      `/api/users?page=1&limit=10&search=${encodeURIComponent(email)}`,
      undefined,
      token,
    );
    const user = page.data.find((candidate) => candidate.email === email);
    if (!user?.role) throw new Error(`no user ${email}`);
    await inboxCall(
      e2e,
      'PUT',
      `/api/users/${user.id}`,
      {
        name: user.name,
        email: user.email,
        username: user.username,
        role_id: user.role.id,
        user_department_id: user.userDepartment?.id ?? null,
        chosen_instances: [instanceId],
      },
      token,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Screenshots in both themes, and accessibility checks

export type Theme = 'light' | 'dark';

/** Switches the app's theme preference in place (as the preferences menu does, from another tab). */
export async function setTheme(page: import('playwright-core').Page, theme: Theme): Promise<void> {
  await page.evaluate((value) => {
    localStorage.setItem('theme', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
  }, theme);
}

/** A customer of the inbox tenant as `GET /api/customers` lists them. */
export interface ListedCustomer {
  id: number;
  name: string;
  phone: string;
}

/**
 * The inbox tenant's customer with this phone (`+55 41 94444-2929` or E.164), as its administrator
 * finds them by the last eight digits: a customer a test made write through the fake provider.
 */
export async function inboxCustomerByPhone(e2e: E2EContext, token: string, phone: string): Promise<ListedCustomer> {
  const digits = phone.replace(/\D/g, '');
  const page = await inboxCall<{ data: ListedCustomer[] }>(
    e2e,
    'GET',
    `/api/customers?search=${digits.slice(-8)}&limit=10`,
    undefined,
    token,
  );
  const found = page.data.find((candidate) => candidate.phone.replace(/\D/g, '') === digits);
  if (!found) throw new Error(`no customer ${phone} in ${page.data.map((candidate) => candidate.phone).join(', ')}`);
  return found;
}
