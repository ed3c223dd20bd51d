import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { withOrder, type OrderPages } from './cache';
import { orderKeys } from './keys';
import { applyOrdersEvent } from './realtime';
import { order, page } from './test-data';

function pages(...list: ReturnType<typeof page>[]): OrderPages {
  return {
    pages: list,
    pageParams: list.map((_, index) => (index === 0 ? null : (list[index - 1]?.nextCursor ?? null))),
  };
}

function ids(data: OrderPages | undefined): number[][] {
  return (data?.pages ?? []).map((p) => p.data.map((row) => row.id));
}

function cached(client: QueryClient, customerId = 101): OrderPages | undefined {
  return client.getQueryData<OrderPages>(orderKeys.customer(customerId));
}

describe('OrderChanged into the customer’s orders', () => {
  it('puts a new order at the top of the loaded list', () => {
    const client = new QueryClient();
    client.setQueryData(orderKeys.customer(101), pages(page([order(20), order(18)])));
    applyOrdersEvent(client, { event: 'OrderChanged', order: order(25, { valueCents: 990 }) });
    expect(ids(cached(client))).toEqual([[25, 20, 18]]);
    expect(cached(client)?.pages[0]?.data[0]?.valueCents).toBe(990);
  });

  it('replaces the same order by id where it is, in whatever page', () => {
    const client = new QueryClient();
    client.setQueryData(orderKeys.customer(101), pages(page([order(20), order(18)], 18), page([order(9), order(4)])));
    applyOrdersEvent(client, {
      event: 'OrderChanged',
      order: order(9, { status: 'paid', updatedAt: '2026-11-25T18:00:00Z' }),
    });
    const data = cached(client);
    expect(ids(data)).toEqual([
      [20, 18],
      [9, 4],
    ]);
    expect(data?.pages[1]?.data[0]?.status).toBe('paid');
    // The pages with nothing new are the same objects (no needless re-render).
    expect(data?.pages[0]).toBe(cached(client)?.pages[0]);
  });

  it('never undoes a newer change with a late event', () => {
    const client = new QueryClient();
    const paid = order(20, { status: 'paid', updatedAt: '2026-11-25T18:00:00Z' });
    const before = pages(page([paid]));
    client.setQueryData(orderKeys.customer(101), before);
    applyOrdersEvent(client, { event: 'OrderChanged', order: order(20, { updatedAt: '2026-11-25T17:30:00Z' }) });
    expect(cached(client)).toBe(before);
    expect(cached(client)?.pages[0]?.data[0]?.status).toBe('paid');
  });

  it('fits an older order among the loaded ones; one older than every page loaded waits for "Carregar mais"', () => {
    const first = pages(page([order(20), order(10)], 10), page([order(8), order(3)], 3));
    expect(ids(withOrder(first, order(15)))).toEqual([
      [20, 15, 10],
      [8, 3],
    ]);
    expect(ids(withOrder(first, order(9)))).toEqual([
      [20, 10],
      [9, 8, 3],
    ]);
    expect(withOrder(first, order(2))).toBe(first);
    // The last page: it goes at the end.
    const last = pages(page([order(20), order(10)]));
    expect(ids(withOrder(last, order(2)))).toEqual([[20, 10, 2]]);
    // The first order of a customer who had none.
    expect(ids(withOrder(pages(page([])), order(1)))).toEqual([[1]]);
  });

  it('leaves alone a customer whose orders were never loaded, and other customers', () => {
    const client = new QueryClient();
    const other = pages(page([order(5, { customerId: 202 })]));
    client.setQueryData(orderKeys.customer(202), other);
    applyOrdersEvent(client, { event: 'OrderChanged', order: order(25) });
    expect(cached(client)).toBeUndefined();
    expect(cached(client, 202)).toBe(other);
  });

  it('reads every list again for a payload of another shape, and ignores other events', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue(undefined);
    applyOrdersEvent(client, { event: 'OrderChanged', order: { id: 25 } });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders'] });
    invalidate.mockClear();
    applyOrdersEvent(client, { event: 'CustomerTagsChanged', order: order(25) });
    expect(invalidate).not.toHaveBeenCalled();
  });
});
