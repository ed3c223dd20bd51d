/**
 * The realtime socket client (docs/contracts.md#states-and-transitions; server side in
 * docs/realtime.md):
 *
 * - `GET /ws?tenantName=T&userId=U` on the API's host, the access token as the subprotocol
 *   `bearer.<token>` (it stays out of URLs and logs);
 * - at connect and every 300 000 ms it sends `{"action":"sendmessage","data":base64(JSON
 *   {event:"ping", tenantName, userId})}`;
 * - every text frame is base64 of a JSON object whose `event` names it; `pong` is only logged,
 *   anything else goes to `onEvent`; frames that do not decode are logged and dropped;
 * - a close (and an error, which ends in a close) is only logged, and 1000 ms later it connects
 *   again, whatever the close code — the specification's rule (§4, §8) — except after `stop()`,
 *   which the app calls on logout and on page unload;
 * - one deliberate deviation (docs/contracts.md#deliberate-deviations-from-the-specification): a
 *   close with 1008 (`SESSION_ENDED_CLOSE_CODE`: the server ended the session — logout, lockout,
 *   deletion, new password, the tenant deleted —, docs/realtime.md#closing) is not followed by a
 *   blind reconnection, which the server would refuse every second for as long as the page stays
 *   open: the client first asks the app whether the session is still alive (`checkSession`, one
 *   HTTP call). Alive (a 1008 `mensagens demais`, or a password change that replaced the session):
 *   it reconnects 1000 ms after the close like any other. Over: it stops and tells the app
 *   (`onSessionEnded`), which sends the user to /login;
 * - a close with 1012 (`RIGHTS_CHANGED_CLOSE_CODE`: the user's role, department or instances
 *   changed, docs/realtime.md#closing) reconnects after the same 1000 ms, with the token read again
 *   (refreshed when it has expired): the new socket gets the new rights, and `onOpen` says so, for
 *   the app to read again what it shows (events sent meanwhile are lost, and what it may see
 *   changed).
 *
 * Framework-free: the app wires it to notifications and the query cache (app/realtime.ts).
 */

/** docs/contracts.md#constants */
export const PING_INTERVAL_MS = 300_000;
/** docs/contracts.md#constants */
export const RECONNECT_DELAY_MS = 1_000;
/**
 * Close code of a socket whose session the server ended (docs/realtime.md#closing): the session is
 * checked before any reconnection (the deviation documented in docs/contracts.md).
 */
export const SESSION_ENDED_CLOSE_CODE = 1008;

/**
 * Close code of a socket whose user's rights changed (role, department, instance links): the next
 * socket (1000 ms later, like any) gets the new ones, and the app reads again what it shows
 * (docs/realtime.md#closing).
 */
export const RIGHTS_CHANGED_CLOSE_CODE = 1012;

// WebSocket.readyState values (not read from the global, which tests replace).
const CONNECTING = 0;
const OPEN = 1;

/** The server → client events (docs/realtime.md, docs/media.md#events; besides `pong`). */
export const REALTIME_EVENTS = [
  'CampaignUpdated',
  'ChatNotification',
  'ChatMessageUpdated',
  'ChatMessageReaction',
  'ChatTicketClosed',
  'ChatTicketTransferred',
  'ChatTicketTransferring',
  'CustomerBlacklisted',
  'CustomerChatCreated',
  'CustomerChatAckChanged',
  'ChatTicketTransfer',
  'CustomerCreatedToChat',
  'GroupOfCustomersUpdated',
  'InstanceUpdated',
  'DeleteChatTicketTransfer',
] as const;
export type RealtimeEventName = (typeof REALTIME_EVENTS)[number];

/** A decoded frame: `event` plus the event's payload fields (docs/realtime.md). */
export interface RealtimeEvent {
  event: string;
  [field: string]: unknown;
}

/** Base64 of the UTF-8 bytes of `text` (btoa alone only takes Latin-1). */
export function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The text of base64-encoded UTF-8, or null when it is not valid base64 or UTF-8. */
export function fromBase64(data: string): string | null {
  try {
    const binary = atob(data.trim());
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The ping frame (docs/realtime.md). */
export function pingFrame(tenantName: string, userId: string | number): string {
  return JSON.stringify({
    action: 'sendmessage',
    data: toBase64(JSON.stringify({ event: 'ping', tenantName, userId })),
  });
}

/** A server frame decoded, or null when it is not base64 of a JSON object with a string `event`. */
export function decodeFrame(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  const text = fromBase64(data);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && typeof (value as { event?: unknown }).event === 'string') {
      return value as RealtimeEvent;
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * The socket URL: the API origin (`''` = the page's) with ws/wss, path /ws and the documented query
 * (docs/realtime.md).
 */
export function socketUrl(apiOrigin: string, pageOrigin: string, tenantName: string, userId: string | number): string {
  const url = new URL('/ws', apiOrigin || pageOrigin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (tenantName) url.searchParams.set('tenantName', tenantName);
  url.searchParams.set('userId', String(userId));
  return url.toString();
}

/** What the client needs of the WebSocket constructor (the browser's, or a fake in tests). */
export type WebSocketFactory = (url: string, protocols: string[]) => WebSocket;

export interface RealtimeOptions {
  /** Full socket URL (see `socketUrl`). */
  url: string;
  tenantName: string;
  userId: string | number;
  /** The access token for each (re)connection; null means "no session": the client stops. */
  getToken: () => Promise<string | null>;
  onEvent: (event: RealtimeEvent) => void;
  /**
   * Each time a socket opens (`reconnected` after the first): events sent while it was closed are
   * lost, so what the screens hold may be behind. `rightsChanged`: the previous socket was closed
   * with 1012 — what the user may see changed, so everything shown is worth reading again.
   */
  onOpen?: (reconnected: boolean, rightsChanged: boolean) => void;
  /**
   * After a 1008 close: whether the session is still alive (the app asks the server). Absent, or a
   * failure, counts as over.
   */
  checkSession?: () => Promise<boolean>;
  /** The session is over (a 1008 the check confirmed): the client has stopped; the app goes to /login. */
  onSessionEnded?: () => void;
  createSocket?: WebSocketFactory;
  /** Where closes, errors and pongs are logged (docs/contracts.md#error-messages: "only logged"). */
  log?: (message: string, detail?: unknown) => void;
}

const defaultLog = (message: string, detail?: unknown) => {
  if (detail === undefined) console.info(`[realtime] ${message}`);
  else console.info(`[realtime] ${message}`, detail);
};

export class RealtimeClient {
  private socket: WebSocket | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = true;
  private opened = false;
  /** The last socket was closed with 1012 and no socket has opened since. */
  private rightsChanged = false;
  /** Bumped by `stop()`: a session check begun before it is not acted on afterwards. */
  private generation = 0;
  private readonly options: Required<
    Omit<RealtimeOptions, 'createSocket' | 'onOpen' | 'checkSession' | 'onSessionEnded'>
  > &
    Pick<RealtimeOptions, 'onOpen' | 'checkSession' | 'onSessionEnded'> & { createSocket: WebSocketFactory };

  constructor(options: RealtimeOptions) {
    this.options = {
      log: defaultLog,
      createSocket: (url, protocols) => new WebSocket(url, protocols),
      ...options,
    };
  }

  /** Connects (and keeps reconnecting after closes) until `stop()`. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.connect();
  }

  /** Closes the socket for good: no reconnection (logout, page unload). */
  stop(): void {
    this.stopped = true;
    this.generation += 1;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket && (socket.readyState === CONNECTING || socket.readyState === OPEN)) {
      socket.close(1000, 'client stopped');
    }
  }

  get running(): boolean {
    return !this.stopped;
  }

  private clearTimers(): void {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.pingTimer = null;
    this.reconnectTimer = null;
  }

  private async connect(): Promise<void> {
    this.reconnectTimer = null;
    let token: string | null;
    try {
      token = await this.options.getToken();
    } catch (error) {
      token = null;
      this.options.log('no token for the socket', error);
    }
    if (this.stopped) return;
    if (!token) {
      // No session any more: whoever ends the session also ends this client.
      this.options.log('no access token; the socket stays closed');
      this.stopped = true;
      return;
    }
    const { url } = this.options;
    let socket: WebSocket;
    try {
      socket = this.options.createSocket(url, [`bearer.${token}`]);
    } catch (error) {
      this.options.log('could not open the socket', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.ping();
      if (this.pingTimer !== null) clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.ping(), PING_INTERVAL_MS);
      const rightsChanged = this.rightsChanged;
      this.rightsChanged = false;
      this.options.onOpen?.(this.opened, rightsChanged);
      this.opened = true;
    };
    socket.onmessage = (message: MessageEvent) => {
      const event = decodeFrame(message.data);
      if (!event) {
        this.options.log('ignored a frame that is not base64 JSON with an event', message.data);
        return;
      }
      if (event.event === 'pong') {
        this.options.log('pong');
        return;
      }
      this.options.onEvent(event);
    };
    socket.onerror = (error) => this.options.log('socket error', error);
    socket.onclose = (close: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.pingTimer !== null) clearInterval(this.pingTimer);
      this.pingTimer = null;
      this.options.log(`socket closed (${close.code}${close.reason ? `: ${close.reason}` : ''})`);
      if (close.code === RIGHTS_CHANGED_CLOSE_CODE) this.rightsChanged = true;
      if (close.code === SESSION_ENDED_CLOSE_CODE) {
        // The deviation (docs/contracts.md#deliberate-deviations-from-the-specification): a
        // revoked session is not retried every second; it goes to /login instead.
        void this.afterSessionClose(Date.now());
        return;
      }
      this.scheduleReconnect();
    };
  }

  /**
   * After a 1008: reconnect (1000 ms after the close) only if the app finds the session alive;
   * otherwise stop and say the session is over.
   */
  private async afterSessionClose(closedAt: number): Promise<void> {
    const generation = this.generation;
    let alive = false;
    if (this.options.checkSession) {
      try {
        alive = await this.options.checkSession();
      } catch (error) {
        this.options.log('session check failed', error);
      }
    }
    if (this.stopped || generation !== this.generation) return;
    if (alive) {
      this.options.log('session still alive after 1008; reconnecting');
      this.scheduleReconnect(Math.max(0, RECONNECT_DELAY_MS - (Date.now() - closedAt)));
      return;
    }
    this.options.log('session ended by the server; no reconnection');
    this.stop();
    this.options.onSessionEnded?.();
  }

  private ping(): void {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return;
    socket.send(pingFrame(this.options.tenantName, this.options.userId));
  }

  private scheduleReconnect(delay = RECONNECT_DELAY_MS): void {
    if (this.stopped) return;
    this.reconnectTimer = setTimeout(() => void this.connect(), delay);
  }
}

/**
 * The tenant of a host (its first label: docs/contracts.md#product), or '' for a host without one
 * (`localhost`, an IP address), where the server uses its default tenant.
 */
export function tenantFromHost(hostname: string): string {
  const labels = hostname.toLowerCase().split('.');
  if (labels.length < 2 || /^[0-9.]+$/.test(hostname) || hostname.includes(':')) return '';
  return labels[0] ?? '';
}
