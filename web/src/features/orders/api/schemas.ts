/**
 * An order as the API answers it (docs/orders.md, camelCase; server/src/domain/orders): its value
 * in integer centavos, its items, status, how it is paid, where it came from (`atendimento`, `api`
 * or an integration's own word) and who registered it; a customer's page of them; and what
 * `POST /api/orders` and `PATCH /api/orders/{id}` take. A status or payment method this screen does
 * not know yet is kept as the server sent it (shown as is).
 */
import * as z from 'zod/mini';

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_METHODS = ['pix', 'boleto', 'cartao', 'dinheiro', 'transferencia', 'outro'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const OrderItemSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  /** The unit price in centavos. */
  unitCents: z.number(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const OrderSchema = z.object({
  id: z.number(),
  /** The caller's id (an integration's); null for an order registered by a person. */
  externalId: z._default(z.nullish(z.string()), null),
  customerId: z.number(),
  ticketId: z._default(z.nullish(z.number()), null),
  instanceId: z._default(z.nullish(z.number()), null),
  /** In centavos: with items, their sum. */
  valueCents: z.number(),
  items: z._default(z.array(OrderItemSchema), []),
  /** `pending`, `paid` or `cancelled`. */
  status: z.string(),
  /** `pix`, `boleto`, `cartao`, `dinheiro`, `transferencia`, `outro`, or null (not said). */
  paymentMethod: z._default(z.nullish(z.string()), null),
  /** `atendimento` (a person), `api` (a token) or the integration's word (`loja_virtual`). */
  source: z.string(),
  note: z._default(z.nullish(z.string()), null),
  /** The person's name, or the token's. */
  registeredBy: z._default(z.nullish(z.string()), null),
  orderedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof OrderSchema>;

/** `GET /api/customers/{id}/orders`: 20 a page, newest first; `nextCursor` is the next `before`. */
export const OrderPageSchema = z.object({
  data: z.array(OrderSchema),
  nextCursor: z._default(z.nullish(z.number()), null),
});
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** What an agent registers from a conversation (`POST /api/orders`). */
export interface OrderInput {
  /** The open conversation's ticket: its customer and instance are the order's. */
  ticketId: number;
  /** Empty: the value alone (`valueCents`). */
  items: OrderItem[];
  /** Without items, the value; with items it is their sum and is not sent. */
  valueCents: number | null;
  status: OrderStatus;
  paymentMethod: PaymentMethod | null;
  note: string | null;
}

/** What `PATCH /api/orders/{id}` changes. */
export interface OrderChanges {
  status?: OrderStatus;
  paymentMethod?: PaymentMethod;
}
