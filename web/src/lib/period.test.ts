import { describe, expect, it } from 'vitest';
import { formatPeriod, periodDays, periodError, presetOf, presetPeriod, previousPeriod, today } from './period';

describe('presets', () => {
  const day = '2026-11-25';

  it('end today and count today as one of their days', () => {
    expect(presetPeriod('7d', day)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(presetPeriod('30d', day)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(presetPeriod('90d', day)).toEqual({ from: '2026-08-28', to: '2026-11-25' });
    expect(periodDays(presetPeriod('30d', day))).toBe(30);
  });

  it('"este mês" runs from the 1st to today; "mês passado" is the whole previous month', () => {
    expect(presetPeriod('this-month', day)).toEqual({ from: '2026-11-01', to: '2026-11-25' });
    expect(presetPeriod('last-month', day)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetPeriod('last-month', '2026-03-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('last-month', '2026-01-05')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('a period is recognised as the preset it matches', () => {
    expect(presetOf({ from: '2026-11-19', to: '2026-11-25' }, day)).toBe('7d');
    expect(presetOf({ from: '2026-11-18', to: '2026-11-25' }, day)).toBe('custom');
  });

  it('today is the São Paulo day (03:00 UTC is when it turns)', () => {
    expect(today(new Date('2026-11-26T02:59:00Z'))).toBe('2026-11-25');
    expect(today(new Date('2026-11-26T03:00:00Z'))).toBe('2026-11-26');
  });
});

describe('previousPeriod', () => {
  it('is as long and ends the day before (docs/analytics.md)', () => {
    expect(previousPeriod({ from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });
});

describe('periodError', () => {
  it('refuses what the server would refuse with 422 invalid_period', () => {
    expect(periodError({ from: '2026-11-01', to: '2026-11-30' })).toBeNull();
    expect(periodError({ from: '', to: '2026-11-30' })).toBe('Informe as duas datas.');
    expect(periodError({ from: '2026-02-31', to: '2026-03-02' })).toBe('Informe as duas datas.');
    expect(periodError({ from: '2026-11-30', to: '2026-11-01' })).toBe('A data final é anterior à inicial.');
    expect(periodError({ from: '2025-01-01', to: '2026-01-01' })).toBeNull(); // 366 days
    expect(periodError({ from: '2025-01-01', to: '2026-01-02' })).toBe('O período pode ter no máximo 366 dias.');
  });

  it('writes periods in pt-BR', () => {
    expect(formatPeriod({ from: '2026-11-01', to: '2026-11-30' })).toBe('01/11/2026 a 30/11/2026');
    expect(formatPeriod({ from: '2026-11-05', to: '2026-11-05' })).toBe('05/11/2026');
  });
});
