/**
 * Password strength score (docs/contracts.md#password-strength), exactly:
 * - 50 (weak) if shorter than 8 characters, or a character repeats 3 or more times in a row, or
 *   there is a sequence of three consecutive ascending digits or letters (012, abc; case-insensitive);
 * - otherwise 100 (strong) with at least 2 special characters and both lower- and upper-case letters;
 * - otherwise 75 (medium).
 *
 * Characters are Unicode code points as typed (no normalization). A letter is any Unicode letter
 * (Alphabetic), of its case: `ç`, `ã` are lower-case, `Ç`, `Ã` upper-case, `中` a letter of no case;
 * a digit is any Unicode number (`0`-`9`, `０`, `¹`); "special" is anything else (symbols, spaces,
 * emoji, combining marks). Sequences are ASCII only: `0`-`9` and `a`-`z` (`ábc` is none).
 * The server applies the same definition; both test it against config/password-strength-cases.json.
 */

export type PasswordStrength = 50 | 75 | 100;

export const PASSWORD_WEAK: PasswordStrength = 50;
export const PASSWORD_MEDIUM: PasswordStrength = 75;
export const PASSWORD_STRONG: PasswordStrength = 100;
export const PASSWORD_MIN_LENGTH = 8;
/** Special characters a strong password needs. */
const MIN_SPECIALS = 2;
/** A letter or a number in Unicode: anything else is special (Rust's `char::is_alphanumeric`). */
const LETTER_OR_DIGIT = /^[\p{Alphabetic}\p{N}]$/u;
/** Lower- and upper-case letters in Unicode (Rust's `char::is_lowercase` / `is_uppercase`). */
const LOWER = /\p{Lowercase}/u;
const UPPER = /\p{Uppercase}/u;

function hasTripleRepeat(chars: readonly string[]): boolean {
  for (let i = 2; i < chars.length; i += 1) {
    if (chars[i] === chars[i - 1] && chars[i] === chars[i - 2]) return true;
  }
  return false;
}

/**
 * Index of a character in its run ('0'..'9' or 'a'..'z', ASCII only: not `á`, nor the Kelvin sign
 * that lower-cases to `k`), with the run's name; null for anything else.
 */
function sequencePosition(char: string): { run: 'digit' | 'letter'; index: number } | null {
  if (/^[0-9]$/.test(char)) return { run: 'digit', index: char.charCodeAt(0) - 48 };
  if (/^[A-Za-z]$/.test(char)) return { run: 'letter', index: char.toLowerCase().charCodeAt(0) - 97 };
  return null;
}

function hasAscendingSequence(chars: readonly string[]): boolean {
  for (let i = 2; i < chars.length; i += 1) {
    const a = sequencePosition(chars[i - 2] ?? '');
    const b = sequencePosition(chars[i - 1] ?? '');
    const c = sequencePosition(chars[i] ?? '');
    if (!a || !b || !c) continue;
    if (a.run === b.run && b.run === c.run && b.index === a.index + 1 && c.index === b.index + 1) return true;
  }
  return false;
}

/** The individual rules of the score, for a meter that explains what is missing. */
export interface PasswordChecks {
  /** At least PASSWORD_MIN_LENGTH characters. */
  longEnough: boolean;
  /** No character three or more times in a row. */
  noTripleRepeat: boolean;
  /** No three consecutive ascending digits or letters. */
  noSequence: boolean;
  /** At least 2 special characters and both lower- and upper-case letters. */
  strongMix: boolean;
  /** How many special characters (anything but a Unicode letter or number). */
  specials: number;
  /** At least one lower-case letter (`a`, `ç`...). */
  hasLower: boolean;
  /** At least one upper-case letter (`A`, `Ç`...). */
  hasUpper: boolean;
}

export function passwordChecks(password: string): PasswordChecks {
  // Array.from splits by code point, so an emoji counts as one character.
  const chars = Array.from(password);
  const specials = chars.filter((char) => !LETTER_OR_DIGIT.test(char)).length;
  const hasLower = LOWER.test(password);
  const hasUpper = UPPER.test(password);
  return {
    longEnough: chars.length >= PASSWORD_MIN_LENGTH,
    noTripleRepeat: !hasTripleRepeat(chars),
    noSequence: !hasAscendingSequence(chars),
    strongMix: specials >= MIN_SPECIALS && hasLower && hasUpper,
    specials,
    hasLower,
    hasUpper,
  };
}

export function passwordStrength(password: string): PasswordStrength {
  const checks = passwordChecks(password);
  if (!checks.longEnough || !checks.noTripleRepeat || !checks.noSequence) return PASSWORD_WEAK;
  return checks.strongMix ? PASSWORD_STRONG : PASSWORD_MEDIUM;
}

/** The strength in words, never the number: the score is the rule's business, not the person's. */
export const STRENGTH_LABELS: Readonly<Record<PasswordStrength, string>> = {
  50: 'Senha fraca',
  75: 'Senha média',
  100: 'Senha forte',
};

/**
 * What the password still lacks, in pt_BR, most important first: for a weak password what makes it
 * weak (so it can be used at all), for a medium one what would make it strong; empty when strong.
 */
export function passwordMissing(password: string): string[] {
  const checks = passwordChecks(password);
  const missing: string[] = [];
  if (!checks.longEnough) {
    const left = PASSWORD_MIN_LENGTH - Array.from(password).length;
    missing.push(left === 1 ? 'mais 1 caractere' : `mais ${left} caracteres`);
  }
  if (!checks.noTripleRepeat) missing.push('não repetir um caractere 3 vezes seguidas');
  if (!checks.noSequence) missing.push('tirar a sequência (como 123 ou abc)');
  if (missing.length > 0) return missing;
  if (checks.specials < MIN_SPECIALS) {
    const left = MIN_SPECIALS - checks.specials;
    missing.push(left === 1 ? 'mais 1 caractere especial' : `mais ${left} caracteres especiais`);
  }
  if (!checks.hasUpper) missing.push('uma letra maiúscula');
  if (!checks.hasLower) missing.push('uma letra minúscula');
  return missing;
}

const LIST = new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' });

/** `a, b e c`: the items of `passwordMissing` in one phrase. */
export function listMissing(missing: readonly string[]): string {
  return LIST.format(missing);
}

/**
 * The form error of a new password the server would refuse (422 `weak_password`), saying what is
 * missing; null when it is at least medium. An empty password is the caller's to refuse.
 */
export function weakPasswordError(password: string): string | null {
  if (passwordStrength(password) >= PASSWORD_MEDIUM) return null;
  return `Senha fraca. Para ser aceita: ${listMissing(passwordMissing(password))}.`;
}
