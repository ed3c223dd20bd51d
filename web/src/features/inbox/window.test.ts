import { describe, expect, it } from 'vitest';
import { serviceWindow, windowLabel, windowTone } from './window';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

/** The window closing `ms` after NOW, as the server would write it. */
function closingIn(ms: number): string {
  return new Date(NOW + ms).toISOString();
}

describe('the 24-hour window', () => {
  it.each([
    [23 * HOUR + 59 * MIN + 59_000, 'Janela fecha em 23 h 59 min', 'open'],
    [2 * HOUR + 14 * MIN + 30_000, 'Janela fecha em 2 h 14 min', 'open'],
    [3 * HOUR, 'Janela fecha em 3 h', 'open'],
    [2 * HOUR, 'Janela fecha em 2 h', 'open'],
    [2 * HOUR - 1, 'Janela fecha em 1 h 59 min', 'closing'],
    [HOUR + MIN, 'Janela fecha em 1 h 1 min', 'closing'],
    [38 * MIN + 59_000, 'Janela fecha em 38 min', 'closing'],
    [MIN, 'Janela fecha em 1 min', 'closing'],
    [59_000, 'Janela fecha em instantes', 'closing'],
    [1, 'Janela fecha em instantes', 'closing'],
  ])('with %i ms left says "%s" (%s)', (left, label, tone) => {
    const window = serviceWindow(closingIn(left), NOW);
    expect(window.state).toBe('open');
    expect(windowLabel(window)).toBe(label);
    expect(windowTone(window)).toBe(tone);
  });

  it('is closed from the instant it closes on', () => {
    for (const ago of [0, 1, 5 * HOUR]) {
      const window = serviceWindow(closingIn(-ago), new Date(NOW));
      expect(window.state).toBe('closed');
      expect(windowLabel(window)).toBe('Janela de 24 h fechada');
      expect(windowTone(window)).toBe('closed');
    }
  });

  it('is none for a number without the rule, and for a time that cannot be read', () => {
    for (const closesAt of [null, undefined, '', 'amanhã']) {
      const window = serviceWindow(closesAt, NOW);
      expect(window).toEqual({ state: 'none' });
      expect(windowLabel(window)).toBe('');
      expect(windowTone(window)).toBeNull();
    }
  });

  it('reads the server’s times with an offset too', () => {
    expect(windowLabel(serviceWindow('2026-11-23T10:30:00-03:00', NOW))).toBe('Janela fecha em 1 h 30 min');
  });
});
