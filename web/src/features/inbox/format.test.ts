import { describe, expect, it } from 'vitest';
import { addressLine, customerName, formatAddress, identityLabel, identityValue } from './format';
import { ticket } from './test-data';

describe("a customer's address", () => {
  it('formats a phone, and reads any other address as "Número oculto" with its id', () => {
    expect(formatAddress('+5511987654321')).toEqual({ text: '+55 11 98765-4321', id: null });
    expect(formatAddress('BR.1502576394655843')).toEqual({ text: 'Número oculto', id: 'BR.1502576394655843' });
    expect(formatAddress('120363025246125486@lid')).toEqual({ text: 'Número oculto', id: '120363025246125486@lid' });
    expect(addressLine('+5511987654321')).toBe('+55 11 98765-4321');
    expect(addressLine('BR.1502576394655843')).toBe('Número oculto · ID: BR.1502576394655843');
  });

  it('names a nameless customer by their phone, or "Número oculto"', () => {
    const customer = ticket(1).customer;
    expect(customerName({ customer: { ...customer, name: ' ' } })).toBe('+5511988887777');
    expect(customerName({ customer: { ...customer, name: '', phone: 'BR.1502576394655843' } })).toBe('Número oculto');
    expect(customerName({ customer: { ...customer, name: 'Dora', phone: 'BR.1502576394655843' } })).toBe('Dora');
  });

  it('labels identities in pt_BR', () => {
    expect(identityLabel('phone')).toBe('Telefone');
    expect(identityLabel('bsuid')).toBe('Usuário do WhatsApp (BSUID)');
    expect(identityLabel('lid')).toBe('ID vinculado (LID)');
    expect(identityLabel('email')).toBe('email');
    expect(identityValue({ kind: 'phone', value: '+5511987654321' })).toBe('+55 11 98765-4321');
    expect(identityValue({ kind: 'bsuid', value: 'BR.1502576394655843' })).toBe('BR.1502576394655843');
  });
});
