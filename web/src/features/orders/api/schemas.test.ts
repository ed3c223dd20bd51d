import { describe, expect, it } from 'vitest';
import { order } from '../test-data';
import { OrderPageSchema, OrderSchema } from './schemas';

describe('the orders’ schemas', () => {
  it('reads an order as the API answers it', () => {
    const answer = order(7, { externalId: 'PED-1001', note: 'Sem cebola', source: 'loja_virtual' });
    expect(OrderSchema.parse(answer)).toEqual(answer);
  });

  it('reads what may be absent or null as null, and no items as none', () => {
    const parsed = OrderSchema.parse({
      id: 8,
      customerId: 101,
      valueCents: 1990,
      status: 'paid',
      source: 'api',
      orderedAt: '2026-11-25T17:30:00Z',
      createdAt: '2026-11-25T17:30:00Z',
      updatedAt: '2026-11-25T17:30:00Z',
    });
    expect(parsed).toMatchObject({
      externalId: null,
      ticketId: null,
      instanceId: null,
      items: [],
      paymentMethod: null,
      note: null,
      registeredBy: null,
    });
  });

  it('keeps a status or payment method it does not know yet, and refuses an order without id or value', () => {
    expect(OrderSchema.parse(order(9, { status: 'refunded' })).status).toBe('refunded');
    expect(OrderSchema.parse(order(9, { paymentMethod: 'cripto' })).paymentMethod).toBe('cripto');
    expect(OrderSchema.safeParse({ ...order(9), id: undefined }).success).toBe(false);
    expect(OrderSchema.safeParse({ ...order(9), valueCents: '119,70' }).success).toBe(false);
    expect(OrderSchema.safeParse({ ...order(9), items: [{ name: 'Pizza', quantity: 1 }] }).success).toBe(false);
  });

  it('reads a page with its cursor, and the last page without one', () => {
    expect(OrderPageSchema.parse({ data: [order(30)], nextCursor: 30 }).nextCursor).toBe(30);
    expect(OrderPageSchema.parse({ data: [], nextCursor: null })).toEqual({ data: [], nextCursor: null });
    expect(OrderPageSchema.parse({ data: [] }).nextCursor).toBeNull();
  });
});
