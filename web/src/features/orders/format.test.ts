import { describe, expect, it } from 'vitest';
import { itemsSummary, itemsTotal, orderActions, paymentLabel, sourceLabel, statusColor, statusLabel } from './format';

describe('an order in words', () => {
  it('names the statuses, with a colour each, and keeps an unknown one as it came', () => {
    expect(['pending', 'paid', 'cancelled'].map(statusLabel)).toEqual(['Pendente', 'Pago', 'Cancelado']);
    expect(['pending', 'paid', 'cancelled'].map(statusColor)).toEqual(['orange', 'teal', 'red']);
    expect(statusLabel('refunded')).toBe('refunded');
    expect(statusColor('refunded')).toBe('gray');
    // Not fooled by the prototype's names.
    expect(statusLabel('toString')).toBe('toString');
  });

  it('names the payment methods; none when the order does not say', () => {
    expect(['pix', 'boleto', 'cartao', 'dinheiro', 'transferencia', 'outro'].map(paymentLabel)).toEqual([
      'Pix',
      'Boleto',
      'Cartão',
      'Dinheiro',
      'Transferência',
      'Outro',
    ]);
    expect(paymentLabel(null)).toBeNull();
    expect(paymentLabel('cripto')).toBe('cripto');
  });

  it('names where it came from: a person, a token, or the integration’s own word', () => {
    expect(sourceLabel('atendimento')).toBe('Atendimento');
    expect(sourceLabel('api')).toBe('API');
    expect(sourceLabel('loja_virtual')).toBe('loja_virtual');
  });

  it('sums up the items in one line, and their total in centavos', () => {
    const items = [
      { name: 'Pizza grande', quantity: 2, unitCents: 5490 },
      { name: 'Refrigerante', quantity: 1, unitCents: 990 },
    ];
    expect(itemsSummary(items)).toBe('2× Pizza grande, 1× Refrigerante');
    expect(itemsSummary([])).toBe('');
    expect(itemsTotal(items)).toBe(11970);
    expect(itemsTotal([])).toBe(0);
    // Centavos stay integers: 3 × R$ 0,10 is R$ 0,30, not 0.30000000000000004.
    expect(itemsTotal([{ quantity: 3, unitCents: 10 }])).toBe(30);
  });

  it('offers paying only a pending order, and cancelling any not cancelled yet', () => {
    expect(orderActions({ status: 'pending' })).toEqual({ pay: true, cancel: true });
    expect(orderActions({ status: 'paid' })).toEqual({ pay: false, cancel: true });
    expect(orderActions({ status: 'cancelled' })).toEqual({ pay: false, cancel: false });
  });
});
