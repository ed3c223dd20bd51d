import { describe, expect, it } from 'vitest';
import {
  formatSendAt,
  inOneHour,
  INVALID_SEND_AT,
  nextMondayAt,
  sendAtError,
  toSendAt,
  tomorrowAt,
  wallClockOf,
} from './send-at';

/** Wednesday 9 December 2026, 23:30 in São Paulo (already Thursday in UTC). */
const LATE_WEDNESDAY = new Date('2026-12-10T02:30:00Z');

describe('a São Paulo day and time ⇄ the moment the server takes', () => {
  it('sends the São Paulo pick with its −03:00 offset, the same instant read back', () => {
    const sendAt = toSendAt({ date: '2026-12-10', time: '09:00' });
    expect(sendAt).toBe('2026-12-10T09:00:00-03:00');
    expect(new Date(sendAt ?? '').toISOString()).toBe('2026-12-10T12:00:00.000Z');
    expect(wallClockOf(sendAt ?? '')).toEqual({ date: '2026-12-10', time: '09:00' });
    // Before 2019 Brazil had summer time: the zone database, not a fixed −03:00, gives the offset.
    expect(toSendAt({ date: '2018-01-10', time: '09:00' })).toBe('2018-01-10T09:00:00-02:00');
  });

  it('is nothing while the day or the time is missing', () => {
    expect(toSendAt({ date: '', time: '09:00' })).toBeNull();
    expect(toSendAt({ date: '2026-12-10', time: '' })).toBeNull();
    expect(wallClockOf('not a date')).toEqual({ date: '', time: '' });
  });

  it('quick choices count days in São Paulo, not in UTC', () => {
    expect(tomorrowAt(LATE_WEDNESDAY)).toEqual({ date: '2026-12-10', time: '09:00' });
    expect(nextMondayAt(LATE_WEDNESDAY)).toEqual({ date: '2026-12-14', time: '09:00' });
    // A Monday's "Segunda 9h" is next week's; a Sunday's is tomorrow.
    expect(nextMondayAt(new Date('2026-12-14T15:00:00Z'))).toEqual({ date: '2026-12-21', time: '09:00' });
    expect(nextMondayAt(new Date('2026-12-13T15:00:00Z'))).toEqual({ date: '2026-12-14', time: '09:00' });
    expect(inOneHour(new Date('2026-12-09T15:10:30Z'))).toEqual({ date: '2026-12-09', time: '13:11' });
    expect(inOneHour(LATE_WEDNESDAY)).toEqual({ date: '2026-12-10', time: '00:30' });
  });

  it('refuses a missing, past or more-than-a-year-ahead moment in the server’s words', () => {
    expect(sendAtError({ date: '2026-12-10', time: '' }, LATE_WEDNESDAY)).toBe('Escolha a data e a hora.');
    expect(sendAtError({ date: '2026-12-09', time: '23:00' }, LATE_WEDNESDAY)).toBe(INVALID_SEND_AT);
    expect(sendAtError({ date: '2027-12-31', time: '09:00' }, LATE_WEDNESDAY)).toBe(INVALID_SEND_AT);
    expect(sendAtError({ date: '2026-12-10', time: '09:00' }, LATE_WEDNESDAY)).toBeNull();
  });

  it('says a moment the pt_BR way, São Paulo time, with the year only when not this one', () => {
    expect(formatSendAt('2026-12-10T12:00:00Z', LATE_WEDNESDAY)).toBe('qui., 10/12 às 09:00');
    expect(formatSendAt('2026-12-10T09:00:00-03:00', LATE_WEDNESDAY)).toBe('qui., 10/12 às 09:00');
    expect(formatSendAt('2025-11-03T20:15:00Z', LATE_WEDNESDAY)).toBe('seg., 03/11/2025 às 17:15');
    expect(formatSendAt('', LATE_WEDNESDAY)).toBe('—');
  });
});
