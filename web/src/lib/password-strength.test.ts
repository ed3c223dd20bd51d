import { describe, expect, it } from 'vitest';
import cases from '../config/password-strength-cases.json';
import { passwordChecks, passwordMissing, passwordStrength, weakPasswordError } from './password-strength';

// docs/contracts.md#password-strength: the one table of cases, shared with the server's test
// (server/src/domain/passwords.rs reads the same file).
describe('passwordStrength', () => {
  it('the shared table covers every score', () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
    expect(new Set(cases.map((c) => c.score))).toEqual(new Set([50, 75, 100]));
    expect(new Set(cases.map((c) => c.password)).size).toBe(cases.length);
  });

  it.each(cases)('$password scores $score', ({ password, score }) => {
    expect(passwordStrength(password)).toBe(score);
  });

  it('accented letters are letters of their case, not special characters', () => {
    expect(passwordChecks('Ação!xY9k')).toMatchObject({ specials: 1, hasLower: true, hasUpper: true });
    expect(passwordChecks('SENHAç!@9')).toMatchObject({ specials: 2, hasLower: true });
    expect(passwordChecks('Çsenha!@9')).toMatchObject({ specials: 2, hasUpper: true });
  });

  it('explains which rules fail', () => {
    expect(passwordChecks('aaa')).toEqual({
      longEnough: false,
      noTripleRepeat: false,
      noSequence: true,
      strongMix: false,
      specials: 0,
      hasLower: true,
      hasUpper: false,
    });
  });
});

describe('passwordMissing', () => {
  it('a weak password: what keeps it weak, and only that', () => {
    expect(passwordMissing('')).toEqual(['mais 8 caracteres']);
    expect(passwordMissing('Ab!@x9Z')).toEqual(['mais 1 caractere']);
    expect(passwordMissing('aaa123')).toEqual([
      'mais 2 caracteres',
      'não repetir um caractere 3 vezes seguidas',
      'tirar a sequência (como 123 ou abc)',
    ]);
  });

  it('a medium password: what would make it strong', () => {
    expect(passwordMissing('correcthorse')).toEqual(['mais 2 caracteres especiais', 'uma letra maiúscula']);
    expect(passwordMissing('Correcthorse!')).toEqual(['mais 1 caractere especial']);
    expect(passwordMissing('CORRECT!HORSE@')).toEqual(['uma letra minúscula']);
  });

  it('a strong password lacks nothing', () => {
    expect(passwordMissing('Correct!horse@')).toEqual([]);
  });
});

describe('weakPasswordError', () => {
  it('refuses a weak password saying what is missing; accepts medium and strong', () => {
    expect(weakPasswordError('abc')).toBe(
      'Senha fraca. Para ser aceita: mais 5 caracteres e tirar a sequência (como 123 ou abc).',
    );
    expect(weakPasswordError('correcthorse')).toBeNull();
    expect(weakPasswordError('Correct!horse@')).toBeNull();
  });
});
