import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerDetail, Ticket } from './api/schemas';
import type { ColumnPages, ColumnQuery } from './board/columns';
import type { TicketPages } from './cache';
import { inboxKeys, type QueueFilter } from './keys';
import { applyInboxEvent, INBOX_EVENTS } from './realtime';
import { page, ticket } from './test-data';

const ORCAMENTO = { id: 1, name: 'Orçamento', color: '#fab005' };
const POS_VENDA = { id: 2, name: 'Pós-venda', color: '#40c057' };

const pending: QueueFilter = { tab: 'pending', search: '', instanceId: null, tagId: null };
const pendingOrcamento: QueueFilter = { ...pending, tagId: 1 };
const untagged: ColumnQuery = { kind: 'untagged', boardTagIds: [1, 2] };
const orcamento: ColumnQuery = { kind: 'tag', tagId: 1 };
const posVenda: ColumnQuery = { kind: 'tag', tagId: 2 };

function ids(data: TicketPages | ColumnPages | undefined): number[] {
  return data?.pages.flatMap((p) => p.data.map((t) => t.id)) ?? [];
}

describe('tags live in the inbox and on the board', () => {
  let client: QueryClient;
  const at = (minute: number) => `2026-12-09T12:${String(minute).padStart(2, '0')}:00Z`;
  const one = ticket(1, { updatedAt: at(10) });
  const two = ticket(2, { updatedAt: at(20) });

  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    client.setQueryData<TicketPages>(inboxKeys.list(pending), { pages: [page([two, one])], pageParams: [undefined] });
    client.setQueryData<TicketPages>(inboxKeys.list(pendingOrcamento), { pages: [page([])], pageParams: [undefined] });
    client.setQueryData<ColumnPages>(inboxKeys.boardColumn(untagged), { pages: [page([two, one])], pageParams: [] });
    client.setQueryData<ColumnPages>(inboxKeys.boardColumn(orcamento), { pages: [page([])], pageParams: [] });
    client.setQueryData<ColumnPages>(inboxKeys.boardColumn(posVenda), { pages: [page([])], pageParams: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('TicketTagsChanged: the ticket joins the lists and columns of its tag, leaves the others, moves no list up', () => {
    expect(INBOX_EVENTS).toContain('TicketTagsChanged');
    const tagged = { ...one, tags: [ORCAMENTO] };
    applyInboxEvent(client, { event: 'TicketTagsChanged', ticket: tagged }, 7);
    // The unfiltered queue keeps its order (a tag is no activity) and shows the tag.
    expect(ids(client.getQueryData(inboxKeys.list(pending)))).toEqual([2, 1]);
    expect(client.getQueryData<TicketPages>(inboxKeys.list(pending))?.pages[0]?.data[1]?.tags).toEqual([ORCAMENTO]);
    expect(ids(client.getQueryData(inboxKeys.list(pendingOrcamento)))).toEqual([1]);
    expect(ids(client.getQueryData(inboxKeys.boardColumn(untagged)))).toEqual([2]);
    expect(ids(client.getQueryData(inboxKeys.boardColumn(orcamento)))).toEqual([1]);
    expect(client.getQueryData<Ticket>(inboxKeys.ticket(1))?.tags).toEqual([ORCAMENTO]);

    // Moved from "Orçamento" to "Pós-venda" elsewhere.
    applyInboxEvent(client, { event: 'TicketTagsChanged', ticket: { ...one, tags: [POS_VENDA] } }, 7);
    expect(ids(client.getQueryData(inboxKeys.boardColumn(orcamento)))).toEqual([]);
    expect(ids(client.getQueryData(inboxKeys.boardColumn(posVenda)))).toEqual([1]);
    expect(ids(client.getQueryData(inboxKeys.list(pendingOrcamento)))).toEqual([]);
  });

  it('other ticket events move cards too: a new message puts it first, a closed ticket leaves the board', () => {
    const newer = { ...one, updatedAt: at(30), lastMessage: { body: 'Oi de novo', at: at(30) } };
    applyInboxEvent(client, { event: 'ChatNotification', ticket: newer, message: null, notice: null }, 7);
    expect(ids(client.getQueryData(inboxKeys.boardColumn(untagged)))).toEqual([1, 2]);
    applyInboxEvent(client, { event: 'ChatTicketClosed', ticket: { ...two, status: 'closed' } }, 7);
    expect(ids(client.getQueryData(inboxKeys.boardColumn(untagged)))).toEqual([1]);
  });

  it('TagsChanged: a renamed tag shows its new name everywhere; a deleted one leaves every ticket and customer', () => {
    const tagged = { ...one, tags: [ORCAMENTO, POS_VENDA] };
    applyInboxEvent(client, { event: 'TicketTagsChanged', ticket: tagged }, 7);
    client.setQueryData<CustomerDetail>(inboxKeys.customer(101), {
      id: 101,
      name: 'Cliente 1',
      phone: '+5511988887777',
      email: null,
      blacklisted: false,
      createdAt: at(0),
      groups: [],
      tickets: [tagged],
      messagesWithoutTicket: [],
      identities: [],
      merges: [],
      tags: [ORCAMENTO, POS_VENDA],
    });
    const renamed = { ...ORCAMENTO, name: 'Orçamento enviado', color: '#fd7e14' };
    applyInboxEvent(client, { event: 'TagsChanged', tags: [renamed] }, 7);
    expect(client.getQueryData<Ticket>(inboxKeys.ticket(1))?.tags).toEqual([renamed]);
    expect(client.getQueryData<ColumnPages>(inboxKeys.boardColumn(orcamento))?.pages[0]?.data[0]?.tags).toEqual([
      renamed,
    ]);
    const customer = client.getQueryData<CustomerDetail>(inboxKeys.customer(101));
    expect(customer?.tags).toEqual([renamed]);
    expect(customer?.tickets[0]?.tags).toEqual([renamed]);
  });

  it('CustomerTagsChanged writes the customer’s tags into their panel', () => {
    client.setQueryData<Partial<CustomerDetail>>(inboxKeys.customer(101), { id: 101, tags: [] });
    applyInboxEvent(client, { event: 'CustomerTagsChanged', customer_id: 101, tags: [POS_VENDA] }, 7);
    expect(client.getQueryData<CustomerDetail>(inboxKeys.customer(101))?.tags).toEqual([POS_VENDA]);
  });
});
