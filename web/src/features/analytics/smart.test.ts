import { describe, expect, it } from 'vitest';
import type { Analytics } from './api/schemas';
import { ANALYTICS, TOTALS as totals } from './test-data';
import { comparisonRows, smartHighlights } from './smart';

describe('smartHighlights', () => {
  it('says in words what changed and where the work was', () => {
    const texts = smartHighlights(ANALYTICS, { current: 42, previous: 30 }).map((h) => h.text);
    expect(texts).toEqual([
      expect.stringMatching(/^Tempo de primeira resposta caiu 18\s?% \(3 min 25 s; antes 4 min 10 s\)$/),
      'Tempo de resolução ficou estável (1 h 30 min; antes 1 h 30 min)',
      expect.stringMatching(/^Tickets abertos subiram 12\s?% \(412; antes 368\)$/),
      'Horário mais movimentado: segunda-feira, 9 h às 10 h (31 tickets)',
      'Dia com mais tickets abertos: 02/11/2026 (40)',
      expect.stringMatching(
        /^Motivo de encerramento mais usado: Dúvida resolvida \(120 tickets, 30\s?% dos encerrados\)$/,
      ),
      'Para cada 100 tickets abertos, 97 foram encerrados no período',
      expect.stringMatching(/^Falhas de login subiram 40\s?% \(42; antes 30\)$/),
    ]);
  });

  it('marks a faster first response as good news and more login failures as bad', () => {
    const tones = Object.fromEntries(
      smartHighlights(ANALYTICS, { current: 42, previous: 30 }).map((h) => [h.id, h.tone]),
    );
    expect(tones['first-response']).toBe('good');
    expect(tones['login-failures']).toBe('bad');
    expect(tones.opened).toBe('neutral');
  });

  it('says nothing it cannot compare', () => {
    const quiet: Analytics = {
      ...ANALYTICS,
      totals: { ...totals, ticketsOpened: 0, ticketsClosed: 0 },
      previousTotals: { ...totals, ticketsOpened: 0 },
      firstResponse: { count: 0, medianSecs: null, p90Secs: null },
      resolution: { count: 0, medianSecs: null, p90Secs: null },
      days: [],
      heatmap: [],
      closingReasons: [],
    };
    expect(smartHighlights(quiet)).toEqual([]);
  });
});

describe('comparisonRows', () => {
  it('puts each figure beside the previous period’s, money in reais', () => {
    const value = comparisonRows(ANALYTICS).find((row) => row.id === 'orders-value');
    expect(value).toMatchObject({ current: 'R$ 12.345,00', previous: 'R$ 10.000,00' });
    expect(value?.ratio).toBeCloseTo(0.2345, 4);
  });
});
