import { describe, expect, it } from 'vitest';
import { costText, formatBrl, formatPrice, noPriceText } from './template';

/** Intl puts a no-break space after "R$": compared as a plain one. */
function plain(text: string | null): string | null {
  return text === null ? null : text.replace(/\u00a0/g, ' ');
}

describe('templates of official numbers (their cost)', () => {
  it('formats money in pt-BR: totals with two decimals, a message’s price with up to four', () => {
    expect(plain(formatBrl(0.09))).toBe('R$ 0,09');
    expect(plain(formatBrl(1234.5))).toBe('R$ 1.234,50');
    expect(plain(formatPrice(0.045))).toBe('R$ 0,045');
    expect(plain(formatPrice(0.3125))).toBe('R$ 0,3125');
    expect(plain(formatPrice(1))).toBe('R$ 1,00');
  });

  it('words the estimate, or why there is none', () => {
    expect(plain(costText({ category: 'UTILITY', perMessageBrl: 0.045, totalBrl: 0.09 }, 2))).toBe(
      'Custo estimado: R$ 0,09 (2 × R$ 0,045 — Utilidade)',
    );
    expect(plain(costText({ category: 'MARKETING', perMessageBrl: 0.3125, totalBrl: null }, 1000))).toBe(
      'Custo estimado: R$ 312,50 (1.000 × R$ 0,3125 — Marketing)',
    );
    expect(costText({ category: 'UTILITY', perMessageBrl: null, totalBrl: null }, 2)).toBeNull();
    expect(noPriceText('UTILITY')).toBe('Sem preço para a categoria Utilidade na tabela da empresa.');
  });
});
