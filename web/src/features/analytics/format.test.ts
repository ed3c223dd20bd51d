import { describe, expect, it } from 'vitest';
import {
  attainment,
  durationTicks,
  formatAttainment,
  formatAttainmentWithSample,
  formatCount,
  formatDuration,
  formatDurationTick,
  formatHours,
  formatPercent,
  formatShare,
  trendOf,
  variation,
} from './format';

describe('formatDuration', () => {
  it('writes durations the way people say them, the two largest units', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(200)).toBe('3 min 20 s');
    expect(formatDuration(180)).toBe('3 min');
    expect(formatDuration(212.4)).toBe('3 min 32 s');
    expect(formatDuration(5400)).toBe('1 h 30 min');
    expect(formatDuration(7200)).toBe('2 h');
    expect(formatDuration(40_000)).toBe('11 h 6 min');
    expect(formatDuration(183_600)).toBe('2 d 3 h');
  });

  it('shows a dash when there is no sample (null median)', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
  });
});

describe('numbers', () => {
  it('uses pt-BR separators', () => {
    expect(formatCount(5120)).toBe('5.120');
    expect(formatHours(100_800)).toBe('28,0 h');
    expect(formatHours(5_400)).toBe('1,5 h');
    expect(formatPercent(0.18)).toMatch(/^18\s?%$/);
  });
});

describe('variation', () => {
  it('is the change against the previous period, or null without a base', () => {
    expect(variation(212, 250)).toBeCloseTo(-0.152, 3);
    expect(variation(412, 368)).toBeCloseTo(0.1196, 3);
    expect(variation(5, 0)).toBeNull();
    expect(variation(null, 250)).toBeNull();
    expect(variation(250, null)).toBeNull();
  });

  it('reads a change under half a percent as stable', () => {
    expect(trendOf(0.004)).toBe('flat');
    expect(trendOf(0.2)).toBe('up');
    expect(trendOf(-0.2)).toBe('down');
  });
});

describe('durationTicks', () => {
  it('counts from 0 in a round step, at most four of them, up past the maximum', () => {
    // 46 min 40 s (the p90 of a busy day): 15 min steps, not fifths of the maximum.
    expect(durationTicks(2800)).toEqual([0, 900, 1800, 2700, 3600]);
    expect(durationTicks(6000)).toEqual([0, 1800, 3600, 5400, 7200]);
    expect(durationTicks(45)).toEqual([0, 15, 30, 45]);
    expect(durationTicks(3600)).toEqual([0, 900, 1800, 2700, 3600]);
    expect(durationTicks(200_000)).toEqual([0, 86_400, 172_800, 259_200]);
  });

  it('still draws an axis when there is nothing to show', () => {
    expect(durationTicks(0)).toEqual([0, 10]);
    expect(durationTicks(Number.NaN)).toEqual([0, 10]);
  });
});

describe('formatDurationTick', () => {
  it('writes an axis label short enough not to wrap', () => {
    expect(formatDurationTick(0)).toBe('0');
    expect(formatDurationTick(30)).toBe('30 s');
    expect(formatDurationTick(900)).toBe('15 min');
    expect(formatDurationTick(90)).toBe('1:30 min');
    expect(formatDurationTick(3600)).toBe('1 h');
    expect(formatDurationTick(5400)).toBe('1 h 30');
    expect(formatDurationTick(86_400)).toBe('1 d');
    expect(formatDurationTick(129_600)).toBe('1 d 12 h');
  });
});

describe('formatShare', () => {
  it('writes a part of a total as a whole percentage, never a misleading 0 %', () => {
    expect(formatShare(7400, 9990)).toBe('74%');
    expect(formatShare(0, 9990)).toBe('0%');
    expect(formatShare(40, 9990)).toBe('menos de 1%');
    expect(formatShare(5, 0)).toBe('—');
  });
});

describe('formatAttainment', () => {
  it('writes the share met with one decimal, pt-BR, and the sample', () => {
    expect(formatAttainment(120, 130)).toBe('92,3 %');
    expect(formatAttainmentWithSample(120, 130)).toBe('92,3 % · n = 130');
    expect(formatAttainmentWithSample(1200, 1300)).toBe('92,3 % · n = 1.300');
    expect(formatAttainment(5, 5)).toBe('100,0 %');
    expect(formatAttainment(0, 7)).toBe('0,0 %');
  });

  it('never rounds to a misleading 100 % or 0 %', () => {
    expect(formatAttainment(9999, 10_000)).toBe('99,9 %');
    expect(formatAttainment(1, 10_000)).toBe('0,1 %');
  });

  it('shows a dash without a sample', () => {
    expect(attainment(0, 0)).toBeNull();
    expect(formatAttainment(0, 0)).toBe('—');
    expect(formatAttainmentWithSample(0, 0)).toBe('—');
  });
});
