import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { CustomerDetail, CustomerGroup, CustomerPage } from './api/schemas';
import { customerKeys } from './keys';
import { applyCustomersEvent } from './realtime';
import { CUSTOMERS, detail, GROUPS, page } from './test-data';

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

  it('leaves the other events alone, and reads the lists again for a blacklist it cannot read', () => {
    const queryClient = client();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    applyCustomersEvent(queryClient, { event: 'ChatTicketClosed', ticket_id: 3 });
    expect(invalidate).not.toHaveBeenCalled();
    applyCustomersEvent(queryClient, { event: 'CustomerBlacklisted', customer_id: 'x' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: customerKeys.lists() });
  });
});
