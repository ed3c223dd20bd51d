import { beforeEach, describe, expect, it } from 'vitest';
import { json, logIn, stubFetch } from '../testing/fixtures';
import { ApiError } from './http';
import {
  awayReasonError,
  disconnectUser,
  isConnectedOf,
  ownStatusOfUserInfo,
  PRESENCE_EVENTS,
  PRESENCE_STATUSES,
  PRESENCE_STATUSES_IN_ORDER,
  presenceChangeOf,
  presenceOf,
  setOwnPresence,
  statusText,
} from './presence';

// docs/service-levels.md#agent-status, docs/contracts.md#graphql
describe('presence', () => {
  beforeEach(() => {
    logIn();
  });

  it('has three statuses in pt_BR; isConnected false is Offline, not Ausente', () => {
    expect(PRESENCE_STATUSES_IN_ORDER).toEqual(['online', 'ausente', 'offline']);
    expect(PRESENCE_STATUSES_IN_ORDER.map((status) => PRESENCE_STATUSES[status].label)).toEqual([
      'Disponível',
      'Ausente',
      'Offline',
    ]);
    for (const status of PRESENCE_STATUSES_IN_ORDER) expect(PRESENCE_STATUSES[status].description).not.toBe('');
    expect(presenceOf(true)).toBe('online');
    expect(presenceOf(false)).toBe('offline');
    expect(presenceOf(undefined)).toBe('offline');
    expect(isConnectedOf('ausente')).toBe(true);
    expect(isConnectedOf('offline')).toBe(false);
    expect(PRESENCE_STATUSES.online.label).toBe('Disponível');
    expect(PRESENCE_EVENTS).toEqual(['UserConnected', 'UserDisconnected', 'UserStatusChanged']);
  });

  it('says a status with its reason', () => {
    expect(statusText({ status: 'ausente', reason: 'Almoço' })).toBe('Ausente · Almoço');
    expect(statusText({ status: 'ausente', reason: null })).toBe('Ausente');
    expect(statusText({ status: 'online', reason: 'Almoço' })).toBe('Disponível');
  });

  it('checks a reason: optional, one line, at most 60 characters', () => {
    expect(awayReasonError('')).toBeNull();
    expect(awayReasonError('a'.repeat(60))).toBeNull();
    expect(awayReasonError(`  ${'a'.repeat(60)}  `)).toBeNull();
    expect(awayReasonError('a'.repeat(61))).toBe('Use no máximo 60 caracteres.');
    expect(awayReasonError('almoço\nreunião')).toBe('Use uma linha só.');
  });

  it("reads the caller's status from the user info: `status`, else `user.isConnected`", () => {
    expect(
      ownStatusOfUserInfo({
        user: { id: 1, isConnected: true },
        status: { userId: 1, status: 'ausente', reason: 'almoço', since: '2026-12-06T12:30:00Z' },
      }),
    ).toEqual({ status: 'ausente', reason: 'almoço', since: '2026-12-06T12:30:00Z' });
    // A reason is kept only with ausente.
    expect(ownStatusOfUserInfo({ user: { id: 1 }, status: { status: 'online', reason: 'x', since: null } })).toEqual({
      status: 'online',
      reason: null,
      since: null,
    });
    expect(ownStatusOfUserInfo({ user: { id: 1, isConnected: false } })).toEqual({
      status: 'offline',
      reason: null,
      since: null,
    });
    expect(ownStatusOfUserInfo(undefined)).toBeNull();
  });

  it('reads a socket event: whose status, which, and the reason and start UserStatusChanged carries', () => {
    expect(presenceChangeOf({ event: 'UserConnected', user_id: 7 })).toEqual({ userId: 7, status: 'online' });
    expect(presenceChangeOf({ event: 'UserDisconnected', user_id: '7' })).toEqual({ userId: 7, status: 'offline' });
    expect(
      presenceChangeOf({
        event: 'UserStatusChanged',
        user_id: 7,
        status: 'ausente',
        reason: 'Reunião',
        since: '2026-12-06T12:30:00Z',
      }),
    ).toEqual({ userId: 7, status: 'ausente', reason: 'Reunião', since: '2026-12-06T12:30:00Z' });
    expect(presenceChangeOf({ event: 'UserStatusChanged', user_id: 7, status: 'online', reason: null })).toEqual({
      userId: 7,
      status: 'online',
      reason: null,
      since: null,
    });
    expect(presenceChangeOf({ event: 'UserStatusChanged', user_id: 7, status: 'dormindo' })).toBeNull();
    expect(presenceChangeOf({ event: 'UserDisconnected' })).toBeNull();
    expect(presenceChangeOf({ event: 'InstanceUpdated', user_id: 7 })).toBeNull();
  });

  it('sets the own status with PUT /api/auth/status, the reason only with ausente', async () => {
    const { callsTo } = stubFetch({
      'PUT /api/auth/status': [
        () => json({ userId: 1, status: 'ausente', reason: 'Almoço', since: '2026-12-06T12:30:00Z' }),
        () => json({ userId: 1, status: 'ausente', reason: null, since: '2026-12-06T12:30:00Z' }),
        () => json({ userId: 1, status: 'offline', reason: null, since: '2026-12-06T13:00:00Z' }),
      ],
    });
    expect(await setOwnPresence({ status: 'ausente', reason: '  Almoço ' })).toEqual({
      status: 'ausente',
      reason: 'Almoço',
      since: '2026-12-06T12:30:00Z',
    });
    await setOwnPresence({ status: 'ausente', reason: '' });
    await setOwnPresence({ status: 'offline', reason: 'ignorado' });
    const [first, second, third] = callsTo('PUT /api/auth/status');
    expect(first?.body).toEqual({ status: 'ausente', reason: 'Almoço' });
    expect(second?.body).toEqual({ status: 'ausente' });
    expect(third?.body).toEqual({ status: 'offline' });
    expect(first?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it("a refused status is an ApiError with the server's code and pt_BR message", async () => {
    stubFetch({
      'PUT /api/auth/status': () =>
        json({ code: 'invalid_reason', message: 'O motivo deve ter no máximo 60 caracteres.' }, 422),
    });
    const error = await setOwnPresence({ status: 'ausente', reason: 'x' }).catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'invalid_reason', message: 'O motivo deve ter no máximo 60 caracteres.' });
  });

  it('disconnects another user by id (`disconnectUser(user_id)`)', async () => {
    const { callsTo } = stubFetch({ 'POST /graphql': () => json({ data: { disconnectUser: true } }) });
    await disconnectUser(12);
    expect(callsTo('POST /graphql')[0]?.body).toEqual({
      query: 'mutation DisconnectUser($userId: Int!) { disconnectUser(user_id: $userId) }',
      variables: { userId: 12 },
    });
  });

  it("a field's error is an ApiError with the server's code and pt_BR message", async () => {
    stubFetch({
      'POST /graphql': () =>
        json({
          data: null,
          errors: [{ message: 'Acesso negado.', extensions: { code: 'forbidden' } }],
        }),
    });
    const error = await disconnectUser(12).catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'forbidden', message: 'Acesso negado.' });
  });

  it('an answer without a known status is refused as unexpected', async () => {
    stubFetch({ 'PUT /api/auth/status': () => json({ userId: 1, status: 'sim' }) });
    await expect(setOwnPresence({ status: 'online' })).rejects.toMatchObject({ code: 'invalid_response' });
  });
});
