/**
 * Password strength score (docs/contracts.md#password-strength), exactly:
 * - 50 (weak) if shorter than 8 characters, or a character repeats 3 or more times in a row, or
 *   there is a sequence of three consecutive ascending digits or letters (012, abc; case-insensitive);
 * - otherwise 100 (strong) with at least 2 special characters and both lower- and upper-case letters;
 * - otherwise 75 (medium).
 * "Special" means anything that is not an ASCII letter or digit (symbols, spaces, accented letters).
 */

export type PasswordStrength = 50 | 75 | 100;

export const PASSWORD_WEAK: PasswordStrength = 50;
export const PASSWORD_MEDIUM: PasswordStrength = 75;
export const PASSWORD_STRONG: PasswordStrength = 100;
export const PASSWORD_MIN_LENGTH = 8;

function hasTripleRepeat(chars: readonly string[]): boolean {
  for (let i = 2; i < chars.length; i += 1) {
    if (chars[i] === chars[i - 1] && chars[i] === chars[i - 2]) return true;
  }
  return false;
}

/** Index of a character in its run ('0'..'9' or 'a'..'z'), with the run's name; null for anything else. */
function sequencePosition(char: string): { run: 'digit' | 'letter'; index: number } | null {
  if (char >= '0' && char <= '9') return { run: 'digit', index: char.charCodeAt(0) - 48 };
  const lower = char.toLowerCase();
  if (lower.length === 1 && lower >= 'a' && lower <= 'z') return { run: 'letter', index: lower.charCodeAt(0) - 97 };
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
}

export function passwordChecks(password: string): PasswordChecks {
  // Array.from splits by code point, so an emoji counts as one character.
  const chars = Array.from(password);
  const specials = chars.filter((char) => !/^[A-Za-z0-9]$/.test(char)).length;
  return {
    longEnough: chars.length >= PASSWORD_MIN_LENGTH,
    noTripleRepeat: !hasTripleRepeat(chars),
    noSequence: !hasAscendingSequence(chars),
    strongMix: specials >= 2 && /[a-z]/.test(password) && /[A-Z]/.test(password),
  };
}

export function passwordStrength(password: string): PasswordStrength {
  const checks = passwordChecks(password);
  if (!checks.longEnough || !checks.noTripleRepeat || !checks.noSequence) return PASSWORD_WEAK;
  return checks.strongMix ? PASSWORD_STRONG : PASSWORD_MEDIUM;
}
