/**
 * An order in pt_BR words: its status (with the dot's colour), how it is paid, where it came from,
 * and its items in one line ("2× Pizza grande, 1× Refrigerante"). A word this screen does not know
 * yet is shown as the server sent it.
 */
import type { Order, OrderItem, OrderStatus, PaymentMethod } from './api/schemas';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pendente',
  paid: 'Pago',
  cancelled: 'Cancelado',
};

/** Colours of the status dots (the text stays the body colour: readable in both schemes). */
export const STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'orange',
  paid: 'teal',
  cancelled: 'red',
};

export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  pix: 'Pix',
  boleto: 'Boleto',
  cartao: 'Cartão',
  dinheiro: 'Dinheiro',
  transferencia: 'Transferência',
  outro: 'Outro',
};

const SOURCE_LABELS: Record<string, string> = {
  atendimento: 'Atendimento',
  api: 'API',
};

function known<K extends string>(labels: Record<K, string>, key: string): key is K {
  return Object.hasOwn(labels, key);
}

export function statusLabel(status: string): string {
  return known(STATUS_LABELS, status) ? STATUS_LABELS[status] : status;
}

export function statusColor(status: string): string {
  return known(STATUS_COLORS, status) ? STATUS_COLORS[status] : 'gray';
}

/** The payment method's name; null when the order does not say. */
export function paymentLabel(method: string | null): string | null {
  if (method === null || method === '') return null;
  return known(PAYMENT_LABELS, method) ? PAYMENT_LABELS[method] : method;
}

/** "Atendimento", "API", or the integration's own word (`loja_virtual`) as it came. */
export function sourceLabel(source: string): string {
  return SOURCE_LABELS[source] ?? source;
}

/** "2× Pizza grande, 1× Refrigerante"; '' without items. */
export function itemsSummary(items: readonly OrderItem[]): string {
  return items.map((item) => `${item.quantity}× ${item.name}`).join(', ');
}

/** The items' sum in centavos (integers: no rounding). */
export function itemsTotal(items: readonly Pick<OrderItem, 'quantity' | 'unitCents'>[]): number {
  return items.reduce((sum, item) => sum + item.quantity * item.unitCents, 0);
}

/** Whether the order can still be marked paid / cancelled. */
export function orderActions(order: Pick<Order, 'status'>): { pay: boolean; cancel: boolean } {
  return { pay: order.status === 'pending', cancel: order.status !== 'cancelled' };
}
