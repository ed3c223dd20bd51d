import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http';
import {
  emptyItem,
  initialValues,
  liveTotal,
  orderFieldMap,
  orderFormErrors,
  orderInput,
  validateOrder,
  type ItemValues,
  type OrderValues,
} from './order-form';

function row(name: string, quantity: number | string, unit: string): ItemValues {
  return { ...emptyItem(), name, quantity, unit };
}

function values(extra: Partial<OrderValues> = {}): OrderValues {
  return { ...initialValues(), ...extra };
}

const PIZZAS = [row('Pizza grande', 2, '54,90'), row('Refrigerante', 1, '9,90')];

describe('the register order form', () => {
  it('starts with one empty item, pending, no payment method', () => {
    const start = initialValues();
    expect(start).toMatchObject({ mode: 'items', value: '', status: 'pending', paymentMethod: null, note: '' });
    expect(start.items).toHaveLength(1);
    expect(start.items[0]).toMatchObject({ name: '', quantity: 1, unit: '' });
    // Each row has its own key (rows are added and removed).
    expect(emptyItem().key).not.toBe(emptyItem().key);
  });

  it('totals the items as they are typed, exactly, leaving out rows not complete yet', () => {
    expect(liveTotal(PIZZAS)).toBe(11970);
    expect(liveTotal([...PIZZAS, row('Borda', '', '5,00'), row('Sobremesa', 1, '')])).toBe(11970);
    // The name is not needed for the total.
    expect(liveTotal([row('', 3, '0,10')])).toBe(30);
    expect(liveTotal([row('Caixa', 100, '19,99')])).toBe(199900);
  });

  it('checks each row, by its index', () => {
    expect(validateOrder(values({ items: PIZZAS }))).toEqual({});
    expect(validateOrder(values({ items: [row('Pizza', 2, '54,90'), row('  ', 0, '54,999')] }))).toEqual({
      'items.1.name': 'Dê um nome ao item.',
      'items.1.quantity': 'De 1 a 100.000.',
      'items.1.unit': 'Preço inválido (ex.: 54,90).',
    });
    expect(validateOrder(values({ items: [row('Pizza', 1.5, '')] }))).toEqual({
      'items.0.quantity': 'De 1 a 100.000.',
      'items.0.unit': 'Informe o preço.',
    });
    expect(validateOrder(values({ items: [] }))).toEqual({ total: 'Adicione um item, ou informe só o valor.' });
    expect(validateOrder(values({ items: [row('Iate', 1, '10.000.000,01')] }))).toEqual({
      'items.0.unit': 'Preço inválido (ex.: 54,90).',
    });
    expect(validateOrder(values({ items: [row('Iate', 2, '6.000.000,00')] }))).toEqual({
      total: 'O valor vai até R$ 10.000.000,00.',
    });
  });

  it('checks the value alone when there are no items', () => {
    expect(validateOrder(values({ mode: 'value', value: '119,70' }))).toEqual({});
    expect(validateOrder(values({ mode: 'value', value: '' }))).toEqual({ value: 'Informe o valor do pedido.' });
    expect(validateOrder(values({ mode: 'value', value: 'cento e dez' }))).toEqual({
      value: 'Valor inválido (ex.: 119,70).',
    });
    expect(validateOrder(values({ mode: 'value', value: '1,00', note: 'x'.repeat(2001) }))).toEqual({
      note: 'Use até 2000 caracteres.',
    });
  });

  it('makes the request: the items in centavos, or the value alone', () => {
    expect(
      orderInput(12, values({ items: PIZZAS, status: 'paid', paymentMethod: 'pix', note: '  Sem cebola ' })),
    ).toEqual({
      ticketId: 12,
      items: [
        { name: 'Pizza grande', quantity: 2, unitCents: 5490 },
        { name: 'Refrigerante', quantity: 1, unitCents: 990 },
      ],
      valueCents: null,
      status: 'paid',
      paymentMethod: 'pix',
      note: 'Sem cebola',
    });
    expect(orderInput(12, values({ mode: 'value', value: '119,70', items: PIZZAS }))).toEqual({
      ticketId: 12,
      items: [],
      valueCents: 11970,
      status: 'pending',
      paymentMethod: null,
      note: null,
    });
  });

  it('puts the 422’s item errors on their rows, the value’s on the value, the rest above', () => {
    const error = new ApiError(422, 'invalid_order', 'Dê um nome ao item (até 120 caracteres).', [
      { field: 'items[1].name', message: 'Dê um nome ao item (até 120 caracteres).' },
      { field: 'items[0].quantity', message: 'A quantidade vai de 1 a 100000.' },
      { field: 'items[1].unitCents', message: 'Preço inválido.' },
      { field: 'paymentMethod', message: 'Forma de pagamento inválida.' },
      { field: 'status', message: 'Situação inválida.' },
      { field: 'note', message: 'A observação tem até 2000 caracteres.' },
      { field: 'ticketId', message: 'O atendimento está encerrado.' },
    ]);
    const errors = orderFormErrors(error, { mode: 'items', items: PIZZAS });
    expect(errors.fields).toEqual({
      'items.1.name': 'Dê um nome ao item (até 120 caracteres).',
      'items.0.quantity': 'A quantidade vai de 1 a 100000.',
      'items.1.unit': 'Preço inválido.',
      paymentMethod: 'Forma de pagamento inválida.',
      status: 'Situação inválida.',
      note: 'A observação tem até 2000 caracteres.',
    });
    expect(errors.general).toEqual(['O atendimento está encerrado.']);

    const value = orderFormErrors(
      new ApiError(422, 'invalid_order', 'x', [
        { field: 'valueCents', message: 'O valor vai de R$ 0,00 a R$ 10.000.000,00.' },
      ]),
      { mode: 'value', items: [] },
    );
    expect(value.fields).toEqual({ value: 'O valor vai de R$ 0,00 a R$ 10.000.000,00.' });
    // A row the form does not have (the server counted otherwise) is said above the form.
    expect(orderFieldMap('items', 2)['items[2].name']).toBeUndefined();
    expect(orderFieldMap('items', 2).items).toBe('total');
  });

  it('says a refusal without fields above the form (a 404 ticket, a 403)', () => {
    const errors = orderFormErrors(new ApiError(404, 'ticket_not_found', 'Atendimento não encontrado.'), {
      mode: 'items',
      items: PIZZAS,
    });
    expect(errors.fields).toEqual({});
    expect(errors.general).toEqual(['Atendimento não encontrado.']);
  });
});
