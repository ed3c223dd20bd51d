import { describe, expect, it } from 'vitest';
import {
  alwaysOpen,
  describeDay,
  flatPositions,
  flattenHours,
  formatHoliday,
  groupHours,
  intervalErrors,
  isTime,
  weekdaysPreset,
} from './hours';

describe('business hours', () => {
  it('groups the server’s list into seven days, each by start time, and back', () => {
    const days = groupHours([
      { weekday: 1, start: '13:00', end: '18:00' },
      { weekday: 1, start: '08:00', end: '12:00' },
      { weekday: 6, start: '09:00', end: '12:00' },
    ]);
    expect(days).toHaveLength(7);
    expect(days[1]).toEqual([
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '18:00' },
    ]);
    expect(days[0]).toEqual([]);
    expect(flattenHours(days)).toEqual([
      { weekday: 1, start: '08:00', end: '12:00' },
      { weekday: 1, start: '13:00', end: '18:00' },
      { weekday: 6, start: '09:00', end: '12:00' },
    ]);
  });

  it('sends each day’s intervals sorted, and knows which row each sent one came from', () => {
    const days = [
      [],
      [
        { start: '14:00', end: '18:00' },
        { start: '08:00', end: '12:00' },
      ],
      [],
      [],
      [],
      [],
      [],
    ];
    expect(flattenHours(days).map((entry) => entry.start)).toEqual(['08:00', '14:00']);
    expect(flatPositions(days)).toEqual([
      [1, 1],
      [1, 0],
    ]);
  });

  it('refuses bad times, an end not after the start and overlapping intervals', () => {
    expect(isTime('08:00')).toBe(true);
    expect(isTime('24:00')).toBe(false);
    expect(isTime('8:00')).toBe(false);
    expect(
      intervalErrors([
        { start: '08:00', end: '12:00' },
        { start: '11:00', end: '13:00' },
        { start: '15:00', end: '14:00' },
        { start: '', end: '10:00' },
      ]),
    ).toEqual([
      {},
      { start: 'Sobrepõe o intervalo 08:00–12:00.' },
      { end: 'O fim deve ser depois do início.' },
      { start: 'Informe a hora de início.' },
    ]);
    expect(
      intervalErrors([
        { start: '13:00', end: '18:00' },
        { start: '08:00', end: '13:00' },
      ]),
    ).toEqual([{}, {}]);
  });

  it('no interval on any day is always open; a day without any is "Sem horário"', () => {
    expect(alwaysOpen([[], [], [], [], [], [], []])).toBe(true);
    expect(alwaysOpen([[], [{ start: '08:00', end: '12:00' }], [], [], [], [], []])).toBe(false);
    expect(describeDay([])).toBe('Sem horário');
    expect(
      describeDay([
        { start: '13:00', end: '18:00' },
        { start: '08:00', end: '12:00' },
      ]),
    ).toBe('08:00–12:00, 13:00–18:00');
  });

  it('formats holidays as Brazilian dates', () => {
    expect(formatHoliday('2026-12-25')).toBe('25/12/2026');
  });

  it('starts an empty calendar with Monday to Friday, 08:00 to 18:00', () => {
    const days = weekdaysPreset();
    expect(days.map(describeDay)).toEqual([
      'Sem horário',
      '08:00–18:00',
      '08:00–18:00',
      '08:00–18:00',
      '08:00–18:00',
      '08:00–18:00',
      'Sem horário',
    ]);
    expect(alwaysOpen(days)).toBe(false);
  });
});
