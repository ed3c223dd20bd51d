import { describe, expect, it } from 'vitest';
import { generateVerifyToken, VERIFY_TOKEN_LENGTH } from './verify-token';

describe('the webhook verify token', () => {
  it('is 32 letters and digits, a different one each time', () => {
    const first = generateVerifyToken();
    expect(first).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(VERIFY_TOKEN_LENGTH).toBe(32);
    expect(generateVerifyToken()).not.toBe(first);
  });

  it('draws again the bytes that would favour some characters', () => {
    // 248 and up would make the first characters likelier: skipped, not folded.
    const token = generateVerifyToken((buffer) => buffer.map((_, index) => (index % 2 === 0 ? 250 : 1)));
    expect(token).toBe('B'.repeat(32));
  });
});
