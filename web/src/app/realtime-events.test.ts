import { describe, expect, it } from 'vitest';
import { INSTANCES_QUERY_KEY } from '../lib/query-keys';
import { REALTIME_EVENTS } from '../lib/realtime';
import { describeRealtimeEvent, queriesToRefresh } from './realtime-events';

describe('realtime events in the interface', () => {
  it('every event of spec §7 has a pt_BR notification', () => {
    for (const name of REALTIME_EVENTS) {
      const notice = describeRealtimeEvent({ event: name, ticket_id: 3, chat_id: 5, customer_id: 8, instance_id: 2 });
      expect(notice, name).not.toBeNull();
      expect(notice?.title, name).not.toBe('');
    }
    expect(REALTIME_EVENTS).toHaveLength(13);
  });

  it('InstanceUpdated names the instance and its status, and refreshes the instance lists', () => {
    const event = { event: 'InstanceUpdated', instance: { id: 4, name: 'WhatsApp Vendas', activated: true, status: 'connected' } };
    expect(describeRealtimeEvent(event)).toEqual({ color: 'blue', title: 'Instância atualizada', message: 'WhatsApp Vendas: conectada.' });
    expect(queriesToRefresh(event)).toEqual([INSTANCES_QUERY_KEY]);
  });

  it('a chat notification shows the message itself', () => {
    expect(describeRealtimeEvent({ event: 'ChatNotification', chat_id: 1, instance_id: 2, message: 'Cliente aguardando' })?.message).toBe(
      'Cliente aguardando',
    );
  });

  it('an unknown event has no notification', () => {
    expect(describeRealtimeEvent({ event: 'SomethingElse' })).toBeNull();
    expect(queriesToRefresh({ event: 'SomethingElse' })).toEqual([]);
  });
});
