import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

// docs/contracts.md#constants
describe('formatMoney (centavos → R$)', () => {
  it('formats zero', () => {
    expect(formatMoney(0)).toBe('R$ 0,00');
  });

  it('formats a few centavos with two decimals', () => {
    expect(formatMoney(5)).toBe('R$ 0,05');
    expect(formatMoney(50)).toBe('R$ 0,50');
  });

  it('uses a comma for decimals and dots for thousands', () => {
    expect(formatMoney(123456)).toBe('R$ 1.234,56');
    expect(formatMoney(100000000)).toBe('R$ 1.000.000,00');
    expect(formatMoney(99999)).toBe('R$ 999,99');
  });

  it('puts the sign before the prefix for negative amounts', () => {
    expect(formatMoney(-123456)).toBe('-R$ 1.234,56');
    expect(formatMoney(-5)).toBe('-R$ 0,05');
  });

  it('uses a plain space after R$', () => {
    expect(formatMoney(100).charCodeAt(2)).toBe(32);
  });

  it('rounds fractional centavos and refuses non-numbers', () => {
    expect(formatMoney(10.6)).toBe('R$ 0,11');
    expect(() => formatMoney(Number.NaN)).toThrow(RangeError);
  });
});
