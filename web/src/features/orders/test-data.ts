/** Orders for the orders tests, as the API answers them. */
import type { Order, OrderPage } from './api/schemas';

export function order(id: number, extra: Partial<Order> = {}): Order {
  return {
    id,
    externalId: null,
    customerId: 101,
    ticketId: 1,
    instanceId: 3,
    valueCents: 11970,
    items: [
      { name: 'Pizza grande', quantity: 2, unitCents: 5490 },
      { name: 'Refrigerante', quantity: 1, unitCents: 990 },
    ],
    status: 'pending',
    paymentMethod: 'pix',
    source: 'atendimento',
    note: null,
    registeredBy: 'Ana Souza',
    orderedAt: '2026-11-25T17:30:00Z',
    createdAt: '2026-11-25T17:30:00Z',
    updatedAt: '2026-11-25T17:30:00Z',
    ...extra,
  };
}

export function page(data: Order[], nextCursor: number | null = null): OrderPage {
  return { data, nextCursor };
}
