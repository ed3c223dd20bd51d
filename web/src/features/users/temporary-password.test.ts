import { describe, expect, it } from 'vitest';
import { passwordStrength } from '../../lib/password-strength';
import { generateTemporaryPassword } from './temporary-password';

describe('generateTemporaryPassword', () => {
  it('is always strong, 12 characters, without look-alike characters', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const password = generateTemporaryPassword();
      expect(password).toHaveLength(12);
      expect(passwordStrength(password)).toBe(100);
      expect(password).not.toMatch(/[0O1lI]/);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});
