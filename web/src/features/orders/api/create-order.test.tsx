import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import type { OrderPages } from '../cache';
import { orderKeys } from '../keys';
import { order, page } from '../test-data';
import { orderBody, useCreateOrder } from './create-order';
import { useUpdateOrder } from './update-order';

function setUp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData<OrderPages>(orderKeys.customer(101), { pages: [page([order(20)])], pageParams: [null] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('registering and changing an order', () => {
  it('sends only what is said: the items without a value (the server sums them), or the value alone', () => {
    const items = [{ name: 'Pizza grande', quantity: 2, unitCents: 5490 }];
    expect(
      orderBody({ ticketId: 12, items, valueCents: 10980, status: 'pending', paymentMethod: null, note: '  ' }),
    ).toEqual({ ticketId: 12, items, status: 'pending' });
    expect(
      orderBody({ ticketId: 12, items: [], valueCents: 11970, status: 'paid', paymentMethod: 'pix', note: 'Troco' }),
    ).toEqual({ ticketId: 12, valueCents: 11970, status: 'paid', paymentMethod: 'pix', note: 'Troco' });
  });

  it('puts the registered order at the top of the customer’s list', async () => {
    logIn();
    const { callsTo } = stubFetch({ 'POST /api/orders': () => json(order(21), 201) });
    const { client, wrapper } = setUp();
    const { result } = renderHook(() => useCreateOrder(), { wrapper });
    await act(() =>
      result.current.mutateAsync({
        ticketId: 1,
        items: order(21).items,
        valueCents: null,
        status: 'pending',
        paymentMethod: 'pix',
        note: null,
      }),
    );
    expect(callsTo('POST /api/orders')[0]?.body).toEqual({
      ticketId: 1,
      items: order(21).items,
      status: 'pending',
      paymentMethod: 'pix',
    });
    const data = client.getQueryData<OrderPages>(orderKeys.customer(101));
    expect(data?.pages[0]?.data.map((row) => row.id)).toEqual([21, 20]);
  });

  it('writes a change into the list in place', async () => {
    logIn();
    const { callsTo } = stubFetch({
      'PATCH /api/orders/20': () => json(order(20, { status: 'paid', updatedAt: '2026-11-25T18:00:00Z' })),
    });
    const { client, wrapper } = setUp();
    const { result } = renderHook(() => useUpdateOrder(), { wrapper });
    await act(() => result.current.mutateAsync({ id: 20, changes: { status: 'paid' } }));
    expect(callsTo('PATCH /api/orders/20')[0]?.body).toEqual({ status: 'paid' });
    const data = client.getQueryData<OrderPages>(orderKeys.customer(101));
    expect(data?.pages[0]?.data.map((row) => [row.id, row.status])).toEqual([[20, 'paid']]);
  });
});
