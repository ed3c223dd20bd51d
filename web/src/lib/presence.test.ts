import { beforeEach, describe, expect, it } from 'vitest';
import { json, logIn, stubFetch } from '../testing/fixtures';
import { ApiError } from './http';
import {
  disconnectUser,
  PRESENCE_EVENTS,
  PRESENCE_STATUSES,
  presenceChangeOf,
  presenceOf,
  setOwnPresence,
} from './presence';

// docs/contracts.md#states-and-transitions ("User connection"), docs/contracts.md#graphql
describe('presence', () => {
  beforeEach(() => {
    logIn();
  });

  it('has the two statuses of the one server flag, in pt_BR', () => {
    expect(presenceOf(true)).toBe('available');
    expect(presenceOf(false)).toBe('away');
    expect(presenceOf(undefined)).toBe('away');
    expect(PRESENCE_STATUSES.available.label).toBe('Disponível');
    expect(PRESENCE_STATUSES.away.label).toBe('Ausente');
    expect(PRESENCE_EVENTS).toEqual(['UserConnected', 'UserDisconnected']);
  });

  it('reads a socket event: whose status, and which', () => {
    expect(presenceChangeOf({ event: 'UserConnected', user_id: 7 })).toEqual({ userId: 7, status: 'available' });
    expect(presenceChangeOf({ event: 'UserDisconnected', user_id: '7' })).toEqual({ userId: 7, status: 'away' });
    expect(presenceChangeOf({ event: 'UserDisconnected' })).toBeNull();
    expect(presenceChangeOf({ event: 'InstanceUpdated', user_id: 7 })).toBeNull();
  });

  it('sets the own status with `connected` / `disconnected`, with the bearer token', async () => {
    const { callsTo } = stubFetch({
      'POST /graphql': [() => json({ data: { connected: true } }), () => json({ data: { disconnected: true } })],
    });
    await setOwnPresence('available');
    await setOwnPresence('away');
    const [first, second] = callsTo('POST /graphql');
    expect(first?.body).toEqual({ query: 'mutation { connected }' });
    expect(second?.body).toEqual({ query: 'mutation { disconnected }' });
    expect(first?.headers.get('Authorization')).toMatch(/^Bearer /);
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

  it('an answer without the field is refused as unexpected', async () => {
    stubFetch({ 'POST /graphql': () => json({ data: { connected: 'sim' } }) });
    await expect(setOwnPresence('available')).rejects.toMatchObject({ code: 'invalid_response' });
  });
});
