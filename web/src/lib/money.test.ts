import { describe, expect, it } from 'vitest';
import { formatMoney, moneyInputText, parseMoney } from './money';

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

describe('parseMoney (reais typed → centavos)', () => {
  it('reads a comma as the decimal separator, exactly (no float drift)', () => {
    expect(parseMoney('54,90')).toBe(5490);
    expect(parseMoney('0,29')).toBe(29);
    expect(parseMoney('1,10')).toBe(110);
    expect(parseMoney('19,99')).toBe(1999);
    // 0.1 + 0.2 and 4.35 * 100 are the classic float traps.
    expect(parseMoney('4,35')).toBe(435);
    expect(parseMoney('0,3')).toBe(30);
  });

  it('takes whole reais, one decimal, a leading comma, spaces and the R$ prefix', () => {
    expect(parseMoney('54')).toBe(5400);
    expect(parseMoney('54,9')).toBe(5490);
    expect(parseMoney(',50')).toBe(50);
    expect(parseMoney(' R$ 54,90 ')).toBe(5490);
    expect(parseMoney('R$\u00a0119,70')).toBe(11970);
    expect(parseMoney('007,00')).toBe(700);
    // Half typed: the comma before the centavos.
    expect(parseMoney('5,')).toBe(500);
  });

  it('reads dots between thousands, and a dot before one or two final digits as the decimal point', () => {
    expect(parseMoney('1.234,56')).toBe(123456);
    expect(parseMoney('1.000.000')).toBe(100000000);
    expect(parseMoney('1.234')).toBe(123400);
    expect(parseMoney('54.90')).toBe(5490);
    expect(parseMoney('54.9')).toBe(5490);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', '   ', 'R$', 'abc', '-5,00', '5,999', '1.23.4', '12.34.567,00', '1,2,3', '1e3']) {
      expect(parseMoney(text), text).toBeNull();
    }
  });

  it('refuses an amount too long to stay exact', () => {
    expect(parseMoney('9999999999999,99')).toBe(999999999999999);
    expect(parseMoney('99999999999999')).toBeNull();
  });

  it('writes centavos back as a field shows them', () => {
    expect(moneyInputText(5490)).toBe('54,90');
    expect(moneyInputText(123456)).toBe('1.234,56');
    expect(parseMoney(moneyInputText(123456))).toBe(123456);
  });
});
