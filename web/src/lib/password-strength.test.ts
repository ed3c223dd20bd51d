import { describe, expect, it } from 'vitest';
import { passwordChecks, passwordMissing, passwordStrength, weakPasswordError } from './password-strength';

// docs/contracts.md#password-strength
describe('passwordStrength', () => {
  it('a password shorter than 8 characters is weak, however mixed', () => {
    expect(passwordStrength('')).toBe(50);
    expect(passwordStrength('Ab!@x9')).toBe(50);
    expect(passwordStrength('Ab!@x9Z')).toBe(50); // 7
  });

  it('a character repeated 3 times in a row makes it weak', () => {
    expect(passwordStrength('Xaaa!@Bcz')).toBe(50);
    expect(passwordStrength('Qw!!!er#T')).toBe(50);
    // twice is fine
    expect(passwordStrength('Xaa!@Bczq')).toBe(100);
  });

  it('three consecutive ascending digits make it weak', () => {
    expect(passwordStrength('Pq!@012zx')).toBe(50);
    expect(passwordStrength('Zx#789$Qw')).toBe(50);
  });

  it('three consecutive ascending letters make it weak, case-insensitive', () => {
    expect(passwordStrength('Qz!@abc9x')).toBe(50);
    expect(passwordStrength('Qz!@ABC9x')).toBe(50);
    expect(passwordStrength('Qz!@aBc9x')).toBe(50);
    expect(passwordStrength('Qz!@xyZ9k')).toBe(50);
  });

  it('descending or broken sequences are not sequences', () => {
    expect(passwordStrength('Qz!@cba9x')).toBe(100);
    expect(passwordStrength('Qz!@210kx')).toBe(100);
    expect(passwordStrength('Qz!@ab9cx')).toBe(100);
    // a digit and two letters are not one run
    expect(passwordStrength('Qz!@9abx')).toBe(100);
  });

  it('is medium when long enough and without patterns but not strong', () => {
    expect(passwordStrength('correcthorse')).toBe(75); // no specials, no upper case
    expect(passwordStrength('Correcthorse!')).toBe(75); // one special only
    expect(passwordStrength('correct!horse@')).toBe(75); // no upper case
    expect(passwordStrength('CORRECT!HORSE@')).toBe(75); // no lower case
  });

  it('is strong with 2 special characters and both cases', () => {
    expect(passwordStrength('Correct!horse@')).toBe(100);
    expect(passwordStrength('Tr0ub4dor&3 x')).toBe(100); // a space counts as special
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
