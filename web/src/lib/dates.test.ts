import { describe, expect, it } from 'vitest';
import { formatDayLabel, formatRelative, formatTime, parseTypedDateTime, parseTypedDay, parseTypedTime } from './dates';

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

// components/DateField.tsx: what a date field accepts typed, as the day the server takes.
describe('days and moments typed the pt_BR way', () => {
  it('reads DD/MM/AAAA (and its usual variants) as YYYY-MM-DD', () => {
    expect(parseTypedDay('05/11/2026')).toBe('2026-11-05');
    expect(parseTypedDay(' 5/11/2026 ')).toBe('2026-11-05');
    expect(parseTypedDay('05-11-2026')).toBe('2026-11-05');
    expect(parseTypedDay('05.11.2026')).toBe('2026-11-05');
    expect(parseTypedDay('05112026')).toBe('2026-11-05');
    // Pasted the server's way.
    expect(parseTypedDay('2026-11-05')).toBe('2026-11-05');
    // Day first, never month first: 02/03 is the 2nd of March.
    expect(parseTypedDay('02/03/2026')).toBe('2026-03-02');
  });

  it('sets nothing while a day is half typed or is not a real day', () => {
    for (const text of [
      '',
      '05',
      '05/11',
      '05/11/20',
      '05/11/202',
      '31/02/2026',
      '29/02/2025',
      '32/01/2026',
      '00/01/2026',
      '05/13/2026',
      'amanhã',
    ]) {
      expect(parseTypedDay(text), text).toBeNull();
    }
    expect(parseTypedDay('29/02/2028')).toBe('2028-02-29');
  });

  it('reads a day and a 24-hour time as the value of a day-and-time field', () => {
    expect(parseTypedDateTime('29/11/2026 23:00')).toBe('2026-11-29 23:00:00');
    expect(parseTypedDateTime('1/2/2026 7:05')).toBe('2026-02-01 07:05:00');
    for (const text of ['29/11/2026', '29/11/2026 24:00', '29/11/2026 23:60', '29/11/2026 23', '31/11/2026 10:00']) {
      expect(parseTypedDateTime(text), text).toBeNull();
    }
  });

  it('reads a 24-hour time of day as HH:MM', () => {
    expect(parseTypedTime('09:05')).toBe('09:05');
    expect(parseTypedTime('9:05')).toBe('09:05');
    expect(parseTypedTime('0905')).toBe('09:05');
    expect(parseTypedTime('905')).toBe('09:05');
    expect(parseTypedTime('23:59')).toBe('23:59');
    for (const text of ['', '9', '09:0', '24:00', '09:60', '9h05', '12:345']) {
      expect(parseTypedTime(text), text).toBeNull();
    }
  });
});
