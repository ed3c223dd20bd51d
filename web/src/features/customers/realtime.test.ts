import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { CustomerDetail, CustomerGroup, CustomerPage } from './api/schemas';
import { customerKeys } from './keys';
import { applyCustomersEvent } from './realtime';
import { CUSTOMERS, customer, detail, GROUPS, page, TAGS, tagRef } from './test-data';

function client() {
  const queryClient = new QueryClient();
  queryClient.setQueryData<InfiniteData<CustomerPage>>(customerKeys.list(''), {
    pages: [page(CUSTOMERS.slice(0, 2), 'c2'), page(CUSTOMERS.slice(2))],
    pageParams: [null, 'c2'],
  });
  queryClient.setQueryData<InfiniteData<CustomerPage>>(customerKeys.list('carla'), {
    pages: [page([CUSTOMERS[0]!])],
    pageParams: [null],
  });
  queryClient.setQueryData<CustomerDetail>(customerKeys.detail(7), detail());
  queryClient.setQueryData<CustomerGroup[]>(customerKeys.groups(), GROUPS);
  return queryClient;
}

function blacklisted(queryClient: QueryClient, search: string, id: number): boolean | undefined {
  return queryClient
    .getQueryData<InfiniteData<CustomerPage>>(customerKeys.list(search))
    ?.pages.flatMap((one) => one.data)
    .find((row) => row.id === id)?.blacklisted;
}

function tagsOf(queryClient: QueryClient, key: readonly unknown[], id: number): string[] | undefined {
  return queryClient
    .getQueryData<InfiniteData<CustomerPage>>(key)
    ?.pages.flatMap((one) => one.data)
    .find((row) => row.id === id)
    ?.tags.map((tag) => tag.name);
}

describe('the customers screen live', () => {
  it('CustomerBlacklisted is written into every search and the detail, without a request', () => {
    const queryClient = client();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyCustomersEvent(queryClient, { event: 'CustomerBlacklisted', customer_id: 7, blacklisted: true });
    expect(blacklisted(queryClient, '', 7)).toBe(true);
    expect(blacklisted(queryClient, 'carla', 7)).toBe(true);
    expect(queryClient.getQueryData<CustomerDetail>(customerKeys.detail(7))?.blacklisted).toBe(true);
    expect(blacklisted(queryClient, '', 6)).toBe(false);
    expect(invalidate).not.toHaveBeenCalled();

    applyCustomersEvent(queryClient, { event: 'CustomerBlacklisted', customer_id: 5, blacklisted: false });
    expect(blacklisted(queryClient, '', 5)).toBe(false);
  });

  it('GroupOfCustomersUpdated writes the group, then reads the groups and the details again', () => {
    const queryClient = client();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyCustomersEvent(queryClient, {
      event: 'GroupOfCustomersUpdated',
      group_id: 3,
      name: 'Aniversariantes',
      members: 0,
    });
    expect(queryClient.getQueryData<CustomerGroup[]>(customerKeys.groups())?.map((group) => group.name)).toEqual([
      'Aniversariantes',
      'Atacado',
      'Clientes VIP',
    ]);
    applyCustomersEvent(queryClient, { event: 'GroupOfCustomersUpdated', group_id: 1, name: 'Atacado', members: 12 });
    expect(queryClient.getQueryData<CustomerGroup[]>(customerKeys.groups())?.find((group) => group.id === 1)).toEqual({
      id: 1,
      name: 'Atacado',
      members: 12,
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: customerKeys.groups() });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: customerKeys.details() });
  });

  it('CustomersMerged reads the lists and the open details again (the absorbed customer is gone)', () => {
    const queryClient = client();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyCustomersEvent(queryClient, { event: 'CustomersMerged', customer_id: 5, merged_customer_id: 7 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: customerKeys.lists() });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: customerKeys.details() });
  });

  it('CustomerChanged (edited, legal hold, erased) reads the lists, that customer and their privacy again', () => {
    const queryClient = client();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyCustomersEvent(queryClient, { event: 'CustomerChanged', customer_id: 5 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: customerKeys.lists() });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: customerKeys.detail(5) });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: customerKeys.privacy(5) });
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: customerKeys.detail(7) });
  });

  it('CustomerTagsChanged writes the tags into every list and the detail; lists filtered by a tag are read again', () => {
    const queryClient = client();
    queryClient.setQueryData<InfiniteData<CustomerPage>>(customerKeys.list('', 1), {
      pages: [page([customer({ tags: [tagRef(1)] })])],
      pageParams: [null],
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyCustomersEvent(queryClient, { event: 'CustomerTagsChanged', customer_id: 7, tags: [tagRef(2)] });
    expect(tagsOf(queryClient, customerKeys.list(''), 7)).toEqual(['Orçamento']);
    expect(tagsOf(queryClient, customerKeys.list('carla'), 7)).toEqual(['Orçamento']);
    expect(tagsOf(queryClient, customerKeys.list(''), 6)).toEqual([]);
    expect(queryClient.getQueryData<CustomerDetail>(customerKeys.detail(7))?.tags).toEqual([tagRef(2)]);
    // Carla left "Urgente": its list is read again, the others are not.
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(customerKeys.list('', 1))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(customerKeys.list(''))?.isInvalidated).toBe(false);
  });

  it('TagsChanged renames, recolours and drops the tags the customers show', () => {
    const queryClient = client();
    queryClient.setQueryData<InfiniteData<CustomerPage>>(customerKeys.list(''), {
      pages: [page([customer({ tags: [tagRef(2), tagRef(1)] })])],
      pageParams: [null],
    });
    queryClient.setQueryData<InfiniteData<CustomerPage>>(customerKeys.list('', 1), {
      pages: [page([customer({ tags: [tagRef(2), tagRef(1)] })])],
      pageParams: [null],
    });
    queryClient.setQueryData<InfiniteData<CustomerPage>>(customerKeys.list('', 2), {
      pages: [page([customer({ tags: [tagRef(2), tagRef(1)] })])],
      pageParams: [null],
    });
    queryClient.setQueryData<CustomerDetail>(customerKeys.detail(7), detail({ tags: [tagRef(2), tagRef(1)] }));
    // "Urgente" deleted, "Orçamento" renamed.
    const now = TAGS.filter((tag) => tag.id !== 1).map((tag) => (tag.id === 2 ? { ...tag, name: 'Cotação' } : tag));
    applyCustomersEvent(queryClient, { event: 'TagsChanged', tags: now });
    expect(tagsOf(queryClient, customerKeys.list(''), 7)).toEqual(['Cotação']);
    expect(queryClient.getQueryData<CustomerDetail>(customerKeys.detail(7))?.tags.map((tag) => tag.name)).toEqual([
      'Cotação',
    ]);
    // Only the list filtered by the deleted tag is read again.
    expect(queryClient.getQueryState(customerKeys.list('', 1))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(customerKeys.list('', 2))?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(customerKeys.list(''))?.isInvalidated).toBe(false);
  });

  it('leaves the other events alone, and reads the lists again for a blacklist it cannot read', () => {
    const queryClient = client();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyCustomersEvent(queryClient, { event: 'ChatTicketClosed', ticket_id: 3 });
    expect(invalidate).not.toHaveBeenCalled();
    applyCustomersEvent(queryClient, { event: 'CustomerBlacklisted', customer_id: 'x' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: customerKeys.lists() });
  });
});
