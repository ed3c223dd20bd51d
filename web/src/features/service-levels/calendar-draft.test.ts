import { describe, expect, it } from 'vitest';
import { serverFieldMap, toDraft, toInput, validateCalendar, withUids } from './calendar-draft';
import { weekdaysPreset } from './hours';

const CALENDAR = {
  businessHours: [
    { weekday: 1, start: '13:00', end: '18:00' },
    { weekday: 1, start: '08:00', end: '12:00' },
    { weekday: 5, start: '08:00', end: '17:00' },
  ],
  holidays: ['2026-12-25', '2026-01-01'],
};

describe('the calendar’s draft', () => {
  it('round-trips the server’s calendar, hours by weekday and start, holidays by date', () => {
    const draft = toDraft(CALENDAR);
    expect(draft.hours).toHaveLength(7);
    expect(draft.hours[1]?.map((interval) => interval.start)).toEqual(['08:00', '13:00']);
    expect(new Set(draft.hours.flat().map((interval) => interval.uid)).size).toBe(3);
    expect(toInput(draft)).toEqual({
      businessHours: [
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 1, start: '13:00', end: '18:00' },
        { weekday: 5, start: '08:00', end: '17:00' },
      ],
      holidays: ['2026-01-01', '2026-12-25'],
    });
    expect(toInput(toDraft({ businessHours: [], holidays: [] }))).toEqual({ businessHours: [], holidays: [] });
  });

  it('the quick start sends Monday to Friday, 08:00 to 18:00', () => {
    const draft = { hours: withUids(weekdaysPreset()), holidays: [] };
    expect(toInput(draft).businessHours).toEqual(
      [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
    );
    expect(validateCalendar(draft)).toEqual({});
  });

  it('checks intervals and holidays by form path before saving', () => {
    const draft = toDraft(CALENDAR);
    draft.hours[2] = [{ uid: 'h', start: '10:00', end: '09:00' }];
    draft.hours[3] = [
      { uid: 'i', start: '08:00', end: '12:00' },
      { uid: 'j', start: '11:00', end: '13:00' },
    ];
    draft.holidays = [
      { uid: 'a', date: '2026-12-25' },
      { uid: 'b', date: '2026-12-25' },
      { uid: 'c', date: '' },
    ];
    expect(validateCalendar(draft)).toEqual({
      'hours.2.0.end': 'O fim deve ser depois do início.',
      'hours.3.1.start': 'Sobrepõe o intervalo 08:00–12:00.',
      'holidays.1.date': 'Data repetida.',
      'holidays.2.date': 'Informe a data ou remova a linha.',
    });
    expect(validateCalendar(toDraft(CALENDAR))).toEqual({});
  });

  it('refuses more than 70 intervals a week and 100 holidays, as the server does', () => {
    const many = toDraft({
      businessHours: Array.from({ length: 71 }, (_, n) => ({
        weekday: n % 7,
        start: `${String(Math.floor(n / 7)).padStart(2, '0')}:00`,
        end: `${String(Math.floor(n / 7)).padStart(2, '0')}:30`,
      })),
      holidays: Array.from({ length: 101 }, (_, n) => new Date(Date.UTC(2027, 0, 1 + n)).toISOString().slice(0, 10)),
    });
    expect(validateCalendar(many)).toEqual({
      hours: 'Até 70 intervalos por semana.',
      holidays: 'Até 100 feriados.',
    });
  });

  it('points the server’s field names at the rows they came from (hours and holidays were sent sorted)', () => {
    const draft = toDraft(CALENDAR);
    draft.hours[1] = [
      { uid: 'x', start: '13:00', end: '18:00' },
      { uid: 'y', start: '08:00', end: '12:00' },
    ];
    draft.holidays = [
      { uid: 'a', date: '2026-12-25' },
      { uid: 'b', date: '2026-01-01' },
    ];
    const map = serverFieldMap(draft);
    // Sent: 08:00–12:00 (row 1) first, then 13:00–18:00 (row 0), then Friday.
    expect(map['businessHours[0].end']).toBe('hours.1.1.end');
    expect(map['businessHours[1].start']).toBe('hours.1.0.start');
    expect(map['businessHours[1].weekday']).toBe('hours.1.0.start');
    expect(map['businessHours[2].end']).toBe('hours.5.0.end');
    expect(map['holidays[0]']).toBe('holidays.1.date');
    expect(map['holidays[1]']).toBe('holidays.0.date');
    expect(map.businessHours).toBe('hours');
    expect(map.holidays).toBe('holidays');
  });
});
