/**
 * A temporary password an administrator can hand over (docs/account.md#temporary-password-administrator):
 * 12 characters from the browser's cryptographic random source, strong by the rule of
 * docs/contracts.md#password-strength, without characters easily mistaken for one another when
 * read aloud or copied by hand (0/O, 1/l/I).
 */
import { PASSWORD_STRONG, passwordStrength } from '../../lib/password-strength';

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIALS = '!@#$%&*?+=';
const ALL = LOWER + UPPER + DIGITS + SPECIALS;
const LENGTH = 12;

/** A random integer in [0, max), unbiased. */
function randomBelow(max: number, random: (buffer: Uint32Array) => Uint32Array): number {
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buffer = new Uint32Array(1);
  for (;;) {
    const value = random(buffer)[0] ?? 0;
    if (value < limit) return value % max;
  }
}

export function generateTemporaryPassword(
  random: (buffer: Uint32Array) => Uint32Array = (buffer) => crypto.getRandomValues(buffer),
): string {
  const pick = (from: string) => from[randomBelow(from.length, random)] ?? '';
  for (;;) {
    const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIALS), pick(SPECIALS)];
    while (chars.length < LENGTH) chars.push(pick(ALL));
    // Fisher–Yates, so the required characters are not always first.
    for (let i = chars.length - 1; i > 0; i -= 1) {
      const j = randomBelow(i + 1, random);
      [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
    }
    const password = chars.join('');
    // A sequence or a triple may come out by chance: draw again.
    if (passwordStrength(password) === PASSWORD_STRONG) return password;
  }
}
