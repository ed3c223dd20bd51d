import { describe, expect, it } from 'vitest';
import { formatMediaLimit, maskCnpj, planLimitHint, validateCnpj, validateLimit } from './limits';

describe('the CNPJ field', () => {
  it('masks the digits as they are typed: 00.000.000/0000-00', () => {
    expect(maskCnpj('1')).toBe('1');
    expect(maskCnpj('112')).toBe('11.2');
    expect(maskCnpj('11222')).toBe('11.222');
    expect(maskCnpj('112223')).toBe('11.222.3');
    expect(maskCnpj('112223330')).toBe('11.222.333/0');
    expect(maskCnpj('1122233300018')).toBe('11.222.333/0001-8');
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    // Pasted with its own punctuation, spaces or too many digits.
    expect(maskCnpj(' 11.222.333/0001-81 ')).toBe('11.222.333/0001-81');
    expect(maskCnpj('112223330001819999')).toBe('11.222.333/0001-81');
    expect(maskCnpj('abc')).toBe('');
    expect(maskCnpj('')).toBe('');
  });

  it("checks it as the server does, with the server's messages", () => {
    expect(validateCnpj('')).toBeNull();
    expect(validateCnpj('11.222.333/0001-81')).toBeNull();
    expect(validateCnpj('00.000.000/0001-91')).toBeNull();
    expect(validateCnpj('33.000.167/0001-01')).toBeNull();
    expect(validateCnpj('11.222.333/0001-8')).toBe('O CNPJ deve ter 14 dígitos.');
    expect(validateCnpj('11.222.333/0001-82')).toBe('CNPJ inválido: dígitos verificadores não conferem.');
    expect(validateCnpj('11.111.111/1111-11')).toBe('CNPJ inválido.');
  });
});

describe('the limits', () => {
  it('words a media limit (MB) in bytes as words, 0 unlimited', () => {
    expect(formatMediaLimit(0)).toBe('Ilimitado');
    expect(formatMediaLimit(500)).toBe('500 MB');
    expect(formatMediaLimit(2048)).toBe('2 GB');
    expect(formatMediaLimit(1536)).toBe('1,5 GB');
  });

  it("names the plan's default under the field, the media limit in words", () => {
    expect(planLimitHint(1000)).toBe('Vazio: o do plano (1.000); 0: ilimitado');
    expect(planLimitHint(0)).toBe('Vazio: o do plano (ilimitado); 0: ilimitado');
    expect(planLimitHint(undefined)).toBe('Vazio: o do plano; 0: ilimitado');
    expect(planLimitHint(2048, formatMediaLimit)).toBe('Vazio: o do plano (2 GB); 0: ilimitado');
    expect(planLimitHint(0, formatMediaLimit)).toBe('Vazio: o do plano (ilimitado); 0: ilimitado');
  });

  it('takes empty (the plan’s), zero or a whole number', () => {
    expect(validateLimit('')).toBeNull();
    expect(validateLimit(0)).toBeNull();
    expect(validateLimit(5120)).toBeNull();
    expect(validateLimit(-1)).toBe('Informe zero (ilimitado) ou um número inteiro positivo.');
    expect(validateLimit(1.5)).toBe('Informe zero (ilimitado) ou um número inteiro positivo.');
  });
});
