/**
 * A webhook verify token for Meta's Cloud API: a text the administrator pastes both here and in
 * Meta's webhook configuration, which Meta echoes when it checks the callback URL. 32 letters and
 * digits from the browser's cryptographic random source (≈190 bits), nothing that needs escaping
 * in a URL or a form.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const VERIFY_TOKEN_LENGTH = 32;

export function generateVerifyToken(
  random: (buffer: Uint8Array) => Uint8Array = (buffer) => crypto.getRandomValues(buffer),
): string {
  // 248 is the largest multiple of 62 below 256: bytes from 248 up are drawn again, so no
  // character is likelier than another.
  const limit = Math.floor(256 / ALPHABET.length) * ALPHABET.length;
  let token = '';
  const buffer = new Uint8Array(VERIFY_TOKEN_LENGTH * 2);
  while (token.length < VERIFY_TOKEN_LENGTH) {
    for (const byte of random(buffer)) {
      if (byte < limit) token += ALPHABET[byte % ALPHABET.length] ?? '';
      if (token.length === VERIFY_TOKEN_LENGTH) break;
    }
  }
  return token;
}
