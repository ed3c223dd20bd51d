/**
 * The "Registrar pedido" form without the screen: its values (items with the unit price typed in
 * reais, or the total alone), the checks before sending, the items' live total, the request they
 * make, and the server's 422 fields on the matching inputs (`items[1].unitCents` → the second
 * row's price).
 */
import { formErrors, type FormErrors } from '../../lib/api-errors';
import { parseMoney } from '../../lib/money';
import type { OrderInput, OrderItem, OrderStatus, PaymentMethod } from './api/schemas';
import { itemsTotal } from './format';

/** The most items an order lists, and the limits the server keeps (docs/orders.md). */
export const MAX_ITEMS = 100;
export const ITEM_NAME_MAX = 120;
export const QUANTITY_MAX = 100_000;
export const NOTE_MAX = 2000;
/** R$ 10 milhões, in centavos. */
export const VALUE_MAX_CENTS = 1_000_000_000;

export type OrderMode = 'items' | 'value';

export interface ItemValues {
  /** The row's React key (rows are added and removed). */
  key: string;
  name: string;
  /** NumberInput's value: a number, or '' while empty. */
  quantity: number | string;
  /** The unit price as typed, in reais ("54,90"). */
  unit: string;
}

export interface OrderValues {
  mode: OrderMode;
  items: ItemValues[];
  /** The total as typed, in reais, when only the value is given. */
  value: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod | null;
  note: string;
}

let rowCount = 0;

export function emptyItem(): ItemValues {
  rowCount += 1;
  return { key: `item-${rowCount}`, name: '', quantity: 1, unit: '' };
}

export function initialValues(): OrderValues {
  return { mode: 'items', items: [emptyItem()], value: '', status: 'pending', paymentMethod: null, note: '' };
}

function quantityOf(value: number | string): number | null {
  const quantity = typeof value === 'number' ? value : Number(value.trim() === '' ? Number.NaN : value);
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= QUANTITY_MAX ? quantity : null;
}

/** The items as the server takes them; null for a row that is not complete yet. */
export function itemOf(row: ItemValues): OrderItem | null {
  const name = row.name.trim();
  const quantity = quantityOf(row.quantity);
  const unitCents = parseMoney(row.unit);
  if (name === '' || quantity === null || unitCents === null) return null;
  return { name, quantity, unitCents };
}

/** The live total of the items in centavos: what each complete-enough row (quantity × price) adds. */
export function liveTotal(rows: readonly ItemValues[]): number {
  return itemsTotal(
    rows.flatMap((row) => {
      const quantity = quantityOf(row.quantity);
      const unitCents = parseMoney(row.unit);
      return quantity === null || unitCents === null ? [] : [{ quantity, unitCents }];
    }),
  );
}

/** The form's own checks, by field (`items.0.name`: the first row's name). */
export function validateOrder(values: OrderValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.mode === 'items') {
    if (values.items.length === 0) errors.total = 'Adicione um item, ou informe só o valor.';
    values.items.forEach((row, index) => {
      const name = row.name.trim();
      if (name === '') errors[`items.${index}.name`] = 'Dê um nome ao item.';
      else if (name.length > ITEM_NAME_MAX) errors[`items.${index}.name`] = `Use até ${ITEM_NAME_MAX} caracteres.`;
      if (quantityOf(row.quantity) === null) {
        errors[`items.${index}.quantity`] = `De 1 a ${QUANTITY_MAX.toLocaleString('pt-BR')}.`;
      }
      const unit = parseMoney(row.unit);
      if (row.unit.trim() === '') errors[`items.${index}.unit`] = 'Informe o preço.';
      else if (unit === null || unit > VALUE_MAX_CENTS) errors[`items.${index}.unit`] = 'Preço inválido (ex.: 54,90).';
    });
    if (Object.keys(errors).length === 0 && liveTotal(values.items) > VALUE_MAX_CENTS) {
      errors.total = 'O valor vai até R$ 10.000.000,00.';
    }
  } else {
    const value = parseMoney(values.value);
    if (values.value.trim() === '') errors.value = 'Informe o valor do pedido.';
    else if (value === null) errors.value = 'Valor inválido (ex.: 119,70).';
    else if (value > VALUE_MAX_CENTS) errors.value = 'O valor vai até R$ 10.000.000,00.';
  }
  if (values.note.trim().length > NOTE_MAX) errors.note = `Use até ${NOTE_MAX} caracteres.`;
  return errors;
}

/** The request the values make (call after `validateOrder` found nothing). */
export function orderInput(ticketId: number, values: OrderValues): OrderInput {
  const items = values.mode === 'items' ? values.items.map(itemOf).filter((item) => item !== null) : [];
  const note = values.note.trim();
  return {
    ticketId,
    items,
    valueCents: values.mode === 'value' ? parseMoney(values.value) : null,
    status: values.status,
    paymentMethod: values.paymentMethod,
    note: note === '' ? null : note,
  };
}

/** The server's field names → the form's, for a form of `rows` items in `mode`. */
export function orderFieldMap(mode: OrderMode, rows: number): Record<string, string> {
  const map: Record<string, string> = { status: 'status', paymentMethod: 'paymentMethod', note: 'note' };
  if (mode === 'value') map.valueCents = 'value';
  else {
    map.items = 'total';
    map.valueCents = 'total';
    for (let index = 0; index < rows; index += 1) {
      map[`items[${index}].name`] = `items.${index}.name`;
      map[`items[${index}].quantity`] = `items.${index}.quantity`;
      map[`items[${index}].unitCents`] = `items.${index}.unit`;
    }
  }
  return map;
}

/** A failed register: the 422's messages on their inputs (a row's on that row), the rest above. */
export function orderFormErrors(error: unknown, values: Pick<OrderValues, 'mode' | 'items'>): FormErrors {
  return formErrors(error, orderFieldMap(values.mode, values.items.length));
}
