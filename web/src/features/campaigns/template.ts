/**
 * What a campaign adds to the shared template helpers (lib/message-templates.ts: approval,
 * parameters, filled text, categories in pt_BR): the form's field of each parameter and the cost
 * estimate in reais. Pure, for the tests.
 */
import { categoryLabel } from '../../lib/message-templates';
import type { CostEstimate } from './api/schemas';
import { formatCount } from './progress';

/** The form's field of the parameter at `position` (0-based). */
export function parameterPath(position: number): `templateParameters.${number}` {
  return `templateParameters.${position}`;
}

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const BRL_PRICE = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/** A total in reais: `R$ 1.234,56`. */
export function formatBrl(value: number): string {
  return BRL.format(value);
}

/** A price of one message, up to four decimals: `R$ 0,045`, `R$ 0,3125`, `R$ 1,00`. */
export function formatPrice(value: number): string {
  return BRL_PRICE.format(value);
}

/**
 * The estimate as the pre-flight says it: `Custo estimado: R$ 0,09 (2 × R$ 0,045 — Utilidade)`,
 * or, without a price for the category, null.
 */
export function costText(cost: CostEstimate, recipients: number): string | null {
  if (cost.perMessageBrl === null) return null;
  const total = cost.totalBrl ?? Math.round(cost.perMessageBrl * recipients * 100) / 100;
  return `Custo estimado: ${formatBrl(total)} (${formatCount(recipients)} × ${formatPrice(cost.perMessageBrl)} — ${categoryLabel(cost.category)})`;
}

/** Why there is no estimate: the category has no price in the tenant's table. */
export function noPriceText(category: string): string {
  return `Sem preço para a categoria ${categoryLabel(category)} na tabela da empresa.`;
}
