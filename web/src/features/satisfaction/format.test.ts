import { describe, expect, it } from 'vitest';
import { deadlineLabel, formatAverage, formatPercentValue, previewQuestion, ratingLabel, stars } from './format';

describe('satisfaction format', () => {
  it('writes averages with two decimals and percentages whole, "—" without a sample', () => {
    expect(formatAverage(4.5)).toBe('4,50');
    expect(formatAverage(null)).toBe('—');
    expect(formatPercentValue(87.4)).toBe('87 %');
    expect(formatPercentValue(0)).toBe('0 %');
    expect(formatPercentValue(null)).toBe('—');
  });

  it('writes grades as stars with an accessible name', () => {
    expect(stars(4)).toBe('★★★★☆');
    expect(stars(1)).toBe('★☆☆☆☆');
    expect(ratingLabel(5)).toBe('nota 5 de 5');
  });

  it('names deadlines and fills the question in', () => {
    expect(deadlineLabel(1440)).toBe('24 horas');
    expect(deadlineLabel(90)).toBe('90 minutos');
    expect(previewQuestion('Olá, {{nome}}! E {{ atendente }}?')).toBe('Olá, Maria! E Ana?');
  });
});
