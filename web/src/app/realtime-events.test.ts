import { describe, expect, it } from 'vitest';
import { analyticsKeys } from '../features/analytics/keys';
import { campaignKeys } from '../features/campaigns/keys';
import { inboxKeys } from '../features/inbox/keys';
import { USERS_QUERY_KEY } from '../features/users/api/get-users';
import { INSTANCES_QUERY_KEY } from '../lib/query-keys';
import { REALTIME_EVENTS } from '../lib/realtime';
import { describeRealtimeEvent, noticeFor, queriesToRefresh } from './realtime-events';

describe('realtime events in the interface', () => {
  // The events: docs/realtime.md.
  it('every realtime event has a pt_BR notification', () => {
    for (const name of REALTIME_EVENTS) {
      const notice = describeRealtimeEvent({ event: name, ticket_id: 3, chat_id: 5, customer_id: 8, instance_id: 2 });
      expect(notice, name).not.toBeNull();
      expect(notice?.title, name).not.toBe('');
    }
    expect(REALTIME_EVENTS).toHaveLength(15);
  });

  it("InstanceUpdated names the instance and its status, and refreshes the instance lists (the inbox's filter too)", () => {
    const event = {
      event: 'InstanceUpdated',
      instance: { id: 4, name: 'WhatsApp Vendas', activated: true, status: 'connected' },
    };
    expect(describeRealtimeEvent(event)).toEqual({
      color: 'blue',
      title: 'Instância atualizada',
      message: 'WhatsApp Vendas: conectada.',
    });
    expect(queriesToRefresh(event)).toEqual([INSTANCES_QUERY_KEY, inboxKeys.instances()]);
  });

  it('UserConnected / UserDisconnected are known, toast nobody here, and refresh the users lists', () => {
    for (const [event, status] of [
      ['UserConnected', 'disponível'],
      ['UserDisconnected', 'offline'],
    ] as const) {
      expect(describeRealtimeEvent({ event, user_id: 5 })?.message).toBe(`Usuário #5 está ${status}.`);
      // The user concerned is told by features/presence/realtime.ts, managers see the list change.
      expect(noticeFor({ event, user_id: 5 }, { id: 5, departmentId: null })).toBeNull();
      expect(queriesToRefresh({ event, user_id: 5 })).toEqual([USERS_QUERY_KEY]);
    }
  });

  it('UserStatusChanged (docs/service-levels.md#agent-status) is known, toasts nobody, refreshes the users list and the control panel', () => {
    const event = {
      event: 'UserStatusChanged',
      user_id: 5,
      status: 'ausente',
      reason: 'Almoço',
      since: '2026-12-06T12:30:00Z',
    };
    expect(describeRealtimeEvent(event)?.message).toBe('Usuário #5 está ausente · almoço.');
    expect(describeRealtimeEvent({ ...event, status: 'offline', reason: null })?.message).toBe(
      'Usuário #5 está offline.',
    );
    expect(noticeFor(event, { id: 5, departmentId: null })).toBeNull();
    expect(noticeFor(event, { id: 8, departmentId: null })).toBeNull();
    expect(queriesToRefresh(event)).toEqual([USERS_QUERY_KEY, analyticsKeys.controlPanel()]);
  });

  it('a chat notification shows the message itself', () => {
    expect(
      describeRealtimeEvent({ event: 'ChatNotification', chat_id: 1, instance_id: 2, message: 'Cliente aguardando' })
        ?.message,
    ).toBe('Cliente aguardando');
  });

  it('an unknown event has no notification', () => {
    expect(describeRealtimeEvent({ event: 'SomethingElse' })).toBeNull();
    expect(queriesToRefresh({ event: 'SomethingElse' })).toEqual([]);
  });

  // The inbox shows its own events in place (features/inbox/realtime.ts): only a transfer
  // addressed to the user and a notice for the staff are toasted.
  it('toasts a transfer addressed to the user (or their department), not the inbox events', () => {
    const viewer = { id: 8, departmentId: 3 };
    const ticket = { id: 12, customer: { name: 'Maria Souza' } };
    const toMe = {
      event: 'ChatTicketTransfer',
      ticket,
      transfer: { fromUser: { id: 7, name: 'Alice' }, toUser: { id: 8, name: 'Beto' }, note: 'Boleto' },
    };
    expect(noticeFor(toMe, viewer)).toEqual({
      color: 'yellow',
      title: 'Pedido de transferência',
      message: 'Alice quer transferir para você o atendimento de Maria Souza (#12): Boleto',
    });
    const toDepartment = { ...toMe, transfer: { toUser: null, toDepartment: { id: 3, name: 'Financeiro' } } };
    expect(noticeFor(toDepartment, viewer)?.title).toBe('Pedido de transferência');
    expect(noticeFor({ ...toMe, transfer: { toUser: { id: 9, name: 'Caio' } } }, viewer)).toBeNull();
    // The distribution's offer: from nobody, with its time to accept.
    const offer = {
      ...toMe,
      transfer: {
        fromUser: null,
        toUser: { id: 8, name: 'Beto' },
        toDepartment: null,
        note: 'Distribuição automática: aceite em até 60 s',
      },
    };
    expect(noticeFor(offer, viewer)).toEqual({
      color: 'yellow',
      title: 'Oferta da distribuição',
      message: 'O atendimento de Maria Souza (#12) foi oferecido a você: aceite em até 60 s.',
    });
    expect(noticeFor({ ...offer, transfer: { ...offer.transfer, note: null } }, viewer)?.message).toBe(
      'O atendimento de Maria Souza (#12) foi oferecido a você.',
    );
    expect(
      noticeFor({ ...offer, transfer: { ...offer.transfer, toUser: { id: 9, name: 'Caio' } } }, viewer),
    ).toBeNull();
    for (const event of [
      'CustomerChatCreated',
      'ChatTicketClosed',
      'CustomerChatAckChanged',
      'ChatMessageUpdated',
      'ChatMessageReaction',
      'ChatTicketTransferred',
    ]) {
      expect(noticeFor({ event, ticket }, viewer), event).toBeNull();
      // Known events (not logged as unknown), shown in place by the inbox.
      expect(describeRealtimeEvent({ event, ticket }), event).not.toBeNull();
    }
    expect(noticeFor({ event: 'ChatNotification', ticket, message: { body: 'oi' }, notice: null }, viewer)).toBeNull();
    // A reply (this user's own, or a colleague's) is never toasted either.
    expect(
      noticeFor({ event: 'ChatNotification', ticket, message: { body: 'oi', direction: 'out' }, notice: null }, viewer),
    ).toBeNull();
    expect(noticeFor({ event: 'ChatNotification', ticket: null, notice: 'Limite atingido.' }, viewer)).toEqual({
      color: 'orange',
      title: 'Aviso',
      message: 'Limite atingido.',
    });
    expect(
      noticeFor({ event: 'InstanceUpdated', instance: { id: 1, name: 'X', status: 'connected' } }, viewer),
    ).not.toBeNull();
  });

  it('does not toast campaign progress (the campaigns screen shows it live)', () => {
    const event = { event: 'CampaignUpdated', campaign_id: 7, status: 'running', total: 10, counts: { sent: 1 } };
    expect(noticeFor(event, { id: 8, departmentId: null })).toBeNull();
    expect(describeRealtimeEvent(event)).not.toBeNull();
  });

  it('a change of the customer groups refreshes the campaign form’s groups', () => {
    expect(queriesToRefresh({ event: 'GroupOfCustomersUpdated', group_id: 2 })).toEqual([campaignKeys.groups()]);
  });

  // features/mentions: the header's "Menções".
  const mentioned = {
    event: 'UserMentioned',
    mention: {
      id: 31,
      ticketId: 12,
      messageId: 900,
      protocol: '2026000012',
      customerName: 'Maria Souza',
      author: { id: 4, name: 'Carlos Lima' },
      body: '@Ana o cliente\njá pagou',
      createdAt: '2026-12-01T10:00:00Z',
      readAt: null,
      share: null,
    },
  };

  it('UserMentioned toasts "{author} mencionou você" with the customer and the note; features/mentions keeps the lists', () => {
    const expected = {
      color: 'indigo',
      title: 'Carlos Lima mencionou você',
      message: 'Maria Souza: @Ana o cliente já pagou',
    };
    expect(describeRealtimeEvent(mentioned)).toEqual(expected);
    expect(noticeFor(mentioned, { id: 7, departmentId: null })).toEqual(expected);
    // features/mentions writes it into the badge and lists itself (its realtime tests): no refetch.
    expect(queriesToRefresh(mentioned)).toEqual([]);
    // A payload it cannot read still tells, without names.
    expect(noticeFor({ event: 'UserMentioned', mention: null }, { id: 7, departmentId: null })?.title).toBe(
      'Nova menção',
    );
  });

  it('MentionsRead is known and toasts nothing (features/mentions sets the badge)', () => {
    const event = { event: 'MentionsRead', unread: 2 };
    expect(describeRealtimeEvent(event)?.message).toBe('Menções não lidas: 2.');
    expect(noticeFor(event, { id: 7, departmentId: null })).toBeNull();
    expect(queriesToRefresh(event)).toEqual([]);
  });

  it('ChatNoteAdded is known (never logged as unknown), toasts nothing and refreshes nothing here (the inbox shows it)', () => {
    const event = { event: 'ChatNoteAdded', ticket_id: 12, message: { id: 900, kind: 'internal', body: 'Oi' } };
    expect(describeRealtimeEvent(event)).not.toBeNull();
    expect(noticeFor(event, { id: 7, departmentId: null })).toBeNull();
    expect(queriesToRefresh(event)).toEqual([]);
  });

  it('the tags’ events are known, toast nothing and refresh nothing (they are written in place)', () => {
    const ticket = {
      id: 12,
      customer: { name: 'Maria Souza' },
      tags: [{ id: 1, name: 'Orçamento', color: '#fab005' }],
    };
    const events = [
      { event: 'TicketTagsChanged', ticket },
      { event: 'CustomerTagsChanged', customer_id: 8, tags: [] },
      { event: 'TagsChanged', tags: [] },
    ];
    for (const event of events) {
      expect(describeRealtimeEvent(event)?.title, event.event).toBe('Etiquetas atualizadas');
      expect(noticeFor(event, { id: 7, departmentId: null }), event.event).toBeNull();
      expect(queriesToRefresh(event), event.event).toEqual([]);
    }
    expect(describeRealtimeEvent(events[0] ?? { event: '' })?.message).toBe(
      'As etiquetas do atendimento de Maria Souza (#12) mudaram.',
    );
  });

  it('OrderChanged is known (never logged as unknown), toasts nothing and refreshes nothing here (features/orders writes it)', () => {
    const event = { event: 'OrderChanged', order: { id: 31, customerId: 8, status: 'paid' } };
    expect(describeRealtimeEvent(event)).toEqual({
      color: 'gray',
      title: 'Pedido atualizado',
      message: 'Pedido #31 do cliente #8.',
    });
    expect(noticeFor(event, { id: 7, departmentId: null })).toBeNull();
    expect(queriesToRefresh(event)).toEqual([]);
  });

  it('TicketSlaChanged is known and toasted by app/realtime.ts to whom it concerns, not here (docs/service-levels.md#sla-policies)', () => {
    const ticket = { id: 12, customer: { name: 'Maria Souza' } };
    const breached = { event: 'TicketSlaChanged', ticket, state: 'breached', target: 'response' };
    expect(describeRealtimeEvent(breached)).toEqual({
      color: 'red',
      title: 'SLA estourado',
      message: 'O atendimento de Maria Souza (#12) passou do prazo.',
    });
    expect(describeRealtimeEvent({ ...breached, state: 'at_risk' })?.title).toBe(
      'Atendimento em risco de estourar o SLA',
    );
    expect(describeRealtimeEvent({ ...breached, state: 'on_time' })?.title).toBe('SLA atualizado');
    expect(noticeFor(breached, { id: 7, departmentId: null })).toBeNull();
    // The inbox writes it in place; the control panel's card reads itself again (features/analytics).
    expect(queriesToRefresh(breached)).toEqual([]);
  });

  it('TicketAssigned is known and toasted by app/realtime.ts with its button, not here (docs/service-levels.md#distribution)', () => {
    const event = {
      event: 'TicketAssigned',
      ticket: { id: 12, customer: { name: 'Maria Souza' } },
      user_id: 7,
      reason: 'Atribuído a Ana (menos atendimentos): 2/5 atendimentos, online há 40 min',
    };
    expect(describeRealtimeEvent(event)).toEqual({
      color: 'teal',
      title: 'Novo atendimento para você',
      message: 'Maria Souza (#12): Atribuído a Ana (menos atendimentos): 2/5 atendimentos, online há 40 min',
    });
    expect(noticeFor(event, { id: 7, departmentId: null })).toBeNull();
    expect(queriesToRefresh(event)).toEqual([]);
  });
});
