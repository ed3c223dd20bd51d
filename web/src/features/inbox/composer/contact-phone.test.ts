import { describe, expect, it } from 'vitest';
import { normalizePhone } from './contact-phone';

describe('normalizePhone', () => {
  it.each([
    ['+55 11 3000-1000', '+551130001000'],
    ['55 (11) 98765-4321', '+5511987654321'],
    ['+1 415.555.0100', '+14155550100'],
    ['12345678', '+12345678'],
    ['123456789012345', '+123456789012345'],
  ])('takes %s as %s', (typed, phone) => {
    expect(normalizePhone(typed)).toBe(phone);
  });

  it.each(['', '1234567', '1234567890123456', '+55 11 3000-1000 ramal 2', 'telefone'])('refuses %j', (typed) => {
    expect(normalizePhone(typed)).toBeNull();
  });
});
