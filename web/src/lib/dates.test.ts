import { describe, expect, it } from 'vitest';
import { formatDayLabel, formatRelative, formatTime } from './dates';

describe('dates in pt_BR, São Paulo time', () => {
  const now = new Date('2026-11-23T15:00:00Z'); // 12:00 in São Paulo

  it('says how long ago', () => {
    expect(formatRelative('2026-11-23T14:59:40Z', now)).toBe('agora');
    expect(formatRelative('2026-11-23T14:55:00Z', now)).toBe('há 5 min.');
    expect(formatRelative('2026-11-23T12:00:00Z', now)).toBe('há 3 h');
    expect(formatRelative('2026-11-22T20:00:00Z', now)).toBe('ontem');
    expect(formatRelative('2026-11-20T15:00:00Z', now)).toBe('há 3 dias');
    expect(formatRelative('2026-10-01T15:00:00Z', now)).toBe('01/10/2026');
    expect(formatRelative(null, now)).toBe('—');
  });

  it('names the days of a conversation and the time of a message', () => {
    expect(formatDayLabel('2026-11-23T10:00:00Z', now)).toBe('Hoje');
    // 01:00 UTC on the 23rd is still the 22nd in São Paulo.
    expect(formatDayLabel('2026-11-23T01:00:00Z', now)).toBe('Ontem');
    expect(formatDayLabel('2026-11-02T12:00:00Z', now)).toBe('2 de novembro de 2026');
    expect(formatTime('2026-11-23T15:04:00Z')).toBe('12:04');
  });
});
