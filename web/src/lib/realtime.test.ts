import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  decodeFrame,
  fromBase64,
  PING_INTERVAL_MS,
  pingFrame,
  RealtimeClient,
  RECONNECT_DELAY_MS,
  RIGHTS_CHANGED_CLOSE_CODE,
  SESSION_ENDED_CLOSE_CODE,
  socketUrl,
  tenantFromHost,
  toBase64,
  type RealtimeEvent,
  type RealtimeOptions,
} from './realtime';

/** A WebSocket stand-in the test drives: open, receive, close. */
class FakeSocket {
  readyState = 0;
  sent: string[] = [];
  closed: { code?: number; reason?: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}

  send(data: string) {
    this.sent.push(data);
  }

  close(code?: number, reason?: string) {
    this.closed = { code, reason };
    this.readyState = 3;
  }

  // --- what the server side does
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  drop(code = 1006, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason } as CloseEvent);
  }
}

/** base64 of `{"event":"pong"}`, as the server sends it (docs/realtime.md). */
const PONG = 'eyJldmVudCI6InBvbmcifQ==';

function pingOf(frame: string | undefined) {
  const envelope = JSON.parse(frame ?? '{}') as { action: string; data: string };
  return { action: envelope.action, data: JSON.parse(fromBase64(envelope.data) ?? 'null') as unknown };
}

// docs/realtime.md
describe('realtime frames', () => {
  it('a ping is the sendmessage envelope around base64 JSON {event, tenantName, userId}', () => {
    expect(pingOf(pingFrame('acme', 7))).toEqual({
      action: 'sendmessage',
      data: { event: 'ping', tenantName: 'acme', userId: 7 },
    });
  });

  it('decodes base64 JSON frames with an event, UTF-8 included', () => {
    expect(decodeFrame(PONG)).toEqual({ event: 'pong' });
    const frame = toBase64(
      JSON.stringify({ event: 'ChatNotification', chat_id: 1, instance_id: 2, message: 'Olá, João!' }),
    );
    expect(decodeFrame(frame)).toEqual({
      event: 'ChatNotification',
      chat_id: 1,
      instance_id: 2,
      message: 'Olá, João!',
    });
  });

  it('drops frames that are not base64 of a JSON object with a string event', () => {
    expect(decodeFrame('not base64!')).toBeNull();
    expect(decodeFrame(toBase64('plain text'))).toBeNull();
    expect(decodeFrame(toBase64('{"kind":"x"}'))).toBeNull();
    expect(decodeFrame(toBase64('{"event":3}'))).toBeNull();
    expect(decodeFrame(42)).toBeNull();
  });

  it('builds the socket URL on the API origin with tenantName and userId', () => {
    expect(socketUrl('', 'http://acme.localhost:8080', 'acme', 7)).toBe(
      'ws://acme.localhost:8080/ws?tenantName=acme&userId=7',
    );
    expect(socketUrl('https://acme.exemplo.com.br', 'http://localhost:5173', 'acme', 7)).toBe(
      'wss://acme.exemplo.com.br/ws?tenantName=acme&userId=7',
    );
  });

  it('takes the tenant from the first label of the host', () => {
    expect(tenantFromHost('acme.localhost')).toBe('acme');
    expect(tenantFromHost('Acme.Exemplo.com.br')).toBe('acme');
    expect(tenantFromHost('localhost')).toBe('');
    expect(tenantFromHost('127.0.0.1')).toBe('');
  });
});

// docs/contracts.md#states-and-transitions
describe('RealtimeClient', () => {
  let sockets: FakeSocket[];
  let events: RealtimeEvent[];
  let log: ReturnType<typeof vi.fn<(message: string, detail?: unknown) => void>>;
  let token: string | null;
  let opens: boolean[];
  let rightsChanges: boolean[];

  function client(extra: Partial<RealtimeOptions> = {}) {
    return new RealtimeClient({
      onOpen: (reconnected, rightsChanged) => {
        opens.push(reconnected);
        rightsChanges.push(rightsChanged);
      },
      url: 'ws://acme.localhost/ws?tenantName=acme&userId=7',
      tenantName: 'acme',
      userId: 7,
      getToken: () => Promise.resolve(token),
      onEvent: (event) => events.push(event),
      createSocket: (url, protocols) => {
        const socket = new FakeSocket(url, protocols);
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
      log,
      ...extra,
    });
  }

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    events = [];
    log = vi.fn<(message: string, detail?: unknown) => void>();
    token = 'header.payload.signature';
    opens = [];
    rightsChanges = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects with the token as the bearer subprotocol, pings at once and every 300000 ms', async () => {
    const realtime = client();
    realtime.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    const socket = sockets[0]!;
    expect(socket.url).toBe('ws://acme.localhost/ws?tenantName=acme&userId=7');
    expect(socket.url).not.toContain('token');
    expect(socket.protocols).toEqual(['bearer.header.payload.signature']);
    expect(socket.sent).toHaveLength(0);

    socket.open();
    expect(socket.sent).toHaveLength(1);
    expect(pingOf(socket.sent[0])).toEqual({
      action: 'sendmessage',
      data: { event: 'ping', tenantName: 'acme', userId: 7 },
    });

    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS - 1);
    expect(socket.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(socket.sent).toHaveLength(3);
    realtime.stop();
  });

  it('hands events to the app and only logs pongs and undecodable frames', async () => {
    const realtime = client();
    realtime.start();
    await vi.advanceTimersByTimeAsync(0);
    const socket = sockets[0]!;
    socket.open();
    socket.receive(PONG);
    socket.receive('garbage');
    const instance = { id: 4, name: 'WhatsApp Vendas', activated: true, status: 'connected' };
    socket.receive(toBase64(JSON.stringify({ event: 'InstanceUpdated', instance })));
    expect(events).toEqual([{ event: 'InstanceUpdated', instance }]);
    expect(log).toHaveBeenCalledWith('pong');
    realtime.stop();
  });

  it('reconnects 1000 ms after a close, with a fresh token, and stops pinging the dead socket', async () => {
    const realtime = client();
    realtime.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    sockets[0]!.drop();
    token = 'fresh.token.value';
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS - 1);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.protocols).toEqual(['bearer.fresh.token.value']);
    sockets[1]!.open();
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(sockets[0]!.sent).toHaveLength(1);
    expect(sockets[1]!.sent).toHaveLength(2);
    // The app learns the socket came back (events sent meanwhile are lost: the inbox reads again).
    expect(opens).toEqual([false, true]);
    realtime.stop();
  });

  it('also reconnects after a refused connection (error, then close)', async () => {
    const realtime = client();
    realtime.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.onerror?.(new Event('error'));
    sockets[0]!.drop(1006);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    expect(sockets).toHaveLength(2);
    realtime.stop();
  });

  it('never reconnects after stop (logout, page unload)', async () => {
    const realtime = client();
    realtime.start();
    await vi.advanceTimersByTimeAsync(0);
    const socket = sockets[0]!;
    socket.open();
    realtime.stop();
    expect(socket.closed).toEqual({ code: 1000, reason: 'client stopped' });
    socket.drop(1000);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 10 + PING_INTERVAL_MS);
    expect(sockets).toHaveLength(1);
    expect(socket.sent).toHaveLength(1);
    expect(realtime.running).toBe(false);
  });

  // The specification's rule (§4, §9): every close reconnects 1000 ms later — 1012 included.
  it('reconnects 1000 ms after a 1012 (rights changed), with the token read again, and says so on open', async () => {
    const realtime = client();
    realtime.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    token = 'token.after.the.change';
    sockets[0]!.drop(RIGHTS_CHANGED_CLOSE_CODE, 'permissões alteradas');
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS - 1);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.protocols).toEqual(['bearer.token.after.the.change']);
    expect(rightsChanges).toEqual([false]);
    sockets[1]!.open();
    // The app reads again what it shows: what the user may see changed.
    expect(opens).toEqual([false, true]);
    expect(rightsChanges).toEqual([false, true]);
    expect(log).toHaveBeenCalledWith('socket closed (1012: permissões alteradas)');
    // An ordinary drop afterwards is an ordinary reconnection.
    sockets[1]!.drop(1006);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    sockets[2]!.open();
    expect(rightsChanges).toEqual([false, true, false]);
    realtime.stop();
  });

  it('a 1012 before the next socket opened is still reported once it opens', async () => {
    const realtime = client();
    realtime.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    sockets[0]!.drop(RIGHTS_CHANGED_CLOSE_CODE);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    sockets[1]!.drop(1006);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS);
    sockets[2]!.open();
    expect(rightsChanges).toEqual([false, true]);
    realtime.stop();
  });

  it('a stop right after a 1012 cancels the reconnection', async () => {
    const realtime = client();
    realtime.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    sockets[0]!.drop(RIGHTS_CHANGED_CLOSE_CODE);
    realtime.stop();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 5);
    expect(sockets).toHaveLength(1);
  });

  it('every close code but 1008 reconnects after exactly 1000 ms, never sooner', async () => {
    const realtime = client();
    realtime.start();
    const codes = [1000, 1001, 1006, 1011, 1012, 1013, 4000];
    for (const [index, code] of codes.entries()) {
      await vi.advanceTimersByTimeAsync(0);
      sockets[index]!.open();
      sockets[index]!.drop(code);
      await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS - 1);
      expect(sockets, `close ${code}`).toHaveLength(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sockets, `close ${code}`).toHaveLength(index + 2);
    }
    realtime.stop();
  });

  // The deviation (docs/contracts.md#deliberate-deviations-from-the-specification): after a 1008
  // (docs/realtime.md#closing: logout, lockout, deletion, new password) the session is checked
  // first; a revoked one goes to /login instead of a reconnection the server would refuse.
  it('after a 1008 whose session is over: no reconnection, the app is told (it goes to /login)', async () => {
    const checkSession = vi.fn(() => Promise.resolve(false));
    const onSessionEnded = vi.fn();
    const realtime = client({ checkSession, onSessionEnded });
    realtime.start();
    await vi.advanceTimersByTimeAsync(0);
    const socket = sockets[0]!;
    socket.open();
    socket.drop(SESSION_ENDED_CLOSE_CODE, 'sessão encerrada');
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 10 + PING_INTERVAL_MS);
    expect(checkSession).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(1);
    expect(socket.sent).toHaveLength(1);
    expect(realtime.running).toBe(false);
    expect(log).toHaveBeenCalledWith('socket closed (1008: sessão encerrada)');
    // A stop afterwards (the layout unmounting on the way to /login) changes nothing.
    realtime.stop();
    expect(sockets).toHaveLength(1);
  });

  it('after a 1008 whose session is alive (too many frames): reconnects 1000 ms after the close', async () => {
    let answer: (alive: boolean) => void = () => {};
    const checkSession = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const onSessionEnded = vi.fn();
    const realtime = client({ checkSession, onSessionEnded });
    realtime.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    sockets[0]!.drop(SESSION_ENDED_CLOSE_CODE, 'mensagens demais');
    // The server answers the check after 300 ms: the reconnection still comes 1000 ms after the close.
    await vi.advanceTimersByTimeAsync(300);
    answer(true);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS - 300 - 1);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(realtime.running).toBe(true);
    realtime.stop();
  });

  it('after a 1008, a failed check or none counts as a session over', async () => {
    const onSessionEnded = vi.fn();
    const failing = client({ checkSession: () => Promise.reject(new Error('offline')), onSessionEnded });
    failing.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    sockets[0]!.drop(SESSION_ENDED_CLOSE_CODE);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 5);
    expect(sockets).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);

    const unchecked = client();
    unchecked.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[1]!.open();
    sockets[1]!.drop(SESSION_ENDED_CLOSE_CODE);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 5);
    expect(sockets).toHaveLength(2);
    expect(unchecked.running).toBe(false);
  });

  it('a stop (logout) while the 1008 check runs: nothing happens after it', async () => {
    let answer: (alive: boolean) => void = () => {};
    const onSessionEnded = vi.fn();
    const realtime = client({ checkSession: () => new Promise((resolve) => (answer = resolve)), onSessionEnded });
    realtime.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.open();
    sockets[0]!.drop(SESSION_ENDED_CLOSE_CODE);
    realtime.stop();
    answer(true);
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 5);
    expect(sockets).toHaveLength(1);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('a stop during the reconnect delay cancels the reconnection', async () => {
    const realtime = client();
    realtime.start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS / 2);
    realtime.stop();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 5);
    expect(sockets).toHaveLength(1);
  });

  it('stays closed when there is no token (the session ended)', async () => {
    token = null;
    const realtime = client();
    realtime.start();
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS * 5);
    expect(sockets).toHaveLength(0);
    expect(realtime.running).toBe(false);
  });
});
