import { describe, expect, it } from 'vitest';
import {
  curlExample,
  DEFAULT_VALIDITY,
  expiresAtFor,
  lastUseText,
  statusLabel,
  validityHint,
  validityText,
} from './labels';

const NOW = new Date('2026-11-25T15:00:00Z');

describe('the API tokens’ words', () => {
  it('names the statuses, and keeps one it does not know', () => {
    expect(['active', 'expired', 'revoked', 'other'].map(statusLabel)).toEqual([
      'Ativo',
      'Expirado',
      'Revogado',
      'other',
    ]);
  });

  it('turns a validity into the instant it ends, 90 days by default, none for "Não expira"', () => {
    expect(DEFAULT_VALIDITY).toBe('90');
    expect(expiresAtFor('30', NOW)).toBe('2026-12-25T15:00:00.000Z');
    expect(expiresAtFor('90', NOW)).toBe('2027-02-23T15:00:00.000Z');
    expect(expiresAtFor('365', NOW)).toBe('2027-11-25T15:00:00.000Z');
    expect(expiresAtFor('never', NOW)).toBeNull();
    expect(validityHint('90', NOW)).toMatch(/^Vale até 23\/02\/2027/);
    expect(validityHint('never', NOW)).toMatch(/^Vale até ser revogado/);
  });

  it('says "Não expira" or the day, and "Nunca usado" or how long ago', () => {
    expect(validityText({ expiresAt: null })).toBe('Não expira');
    expect(validityText({ expiresAt: '2027-02-23T15:00:00Z' })).toBe('23/02/2027');
    expect(lastUseText({ lastUsedAt: null }, NOW)).toBe('Nunca usado');
    expect(lastUseText({ lastUsedAt: '2026-11-25T14:55:00Z' }, NOW)).toBe('há 5 min.');
  });

  it('writes the curl example with the token, on this host', () => {
    expect(curlExample('bo_x', 'loja.exemplo.com.br')).toBe(
      'curl -H "Authorization: Bearer bo_x" "https://loja.exemplo.com.br/api/tickets?status=pending"',
    );
  });
});
