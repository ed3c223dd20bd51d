/**
 * Official numbers' message templates as a campaign uses them (docs/campaigns.md#templates): which
 * may be sent (approved), their parameters (`{{1}}`, `{{2}}`…), the text with what was typed in
 * place of each one, Meta's categories in pt_BR, and the cost estimate in reais. Pure, for the
 * tests. (A few of these mirror the inbox's template helpers: features do not import each other.)
 */
import type { CostEstimate, MessageTemplate } from './api/schemas';
import { formatCount } from './progress';

/** The categories Meta prices template messages by, in the order the screens show them. */
export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** Meta's categories in pt_BR (another shows as it comes). */
export const TEMPLATE_CATEGORY_LABELS: Record<TemplateCategory, string> = {
  MARKETING: 'Marketing',
  UTILITY: 'Utilidade',
  AUTHENTICATION: 'Autenticação',
};

export function categoryLabel(category: string): string {
  return TEMPLATE_CATEGORY_LABELS[category.toUpperCase() as TemplateCategory] ?? category;
}

/** Only approved templates can be sent. */
export function isApproved(template: Pick<MessageTemplate, 'status'>): boolean {
  return template.status.toUpperCase() === 'APPROVED';
}

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

/**
 * The template's parameters, `[1, 2, …, n]`: up to the highest of those the server lists and those
 * the body holds (the request sends one value for each, in this order).
 */
export function templateSlots(template: Pick<MessageTemplate, 'body' | 'parameters'>): number[] {
  let highest = 0;
  for (const parameter of template.parameters) highest = Math.max(highest, parameter.index);
  for (const match of template.body.matchAll(PLACEHOLDER)) highest = Math.max(highest, Number(match[1]));
  return Array.from({ length: highest }, (_, position) => position + 1);
}

/** A piece of a text: as written, or a placeholder with what was typed for it (null: nothing yet). */
export type TemplatePart = { text: string } | { index: number; value: string | null };

/** The text cut at its placeholders; `values[i]` fills `{{i+1}}`. */
export function templateParts(text: string, values: readonly string[]): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    const index = Number(match[1]);
    const value = values[index - 1]?.trim() ?? '';
    parts.push({ index, value: value === '' ? null : value });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The text with the values in place (an empty one stays `{{n}}`). */
export function fillTemplate(text: string, values: readonly string[]): string {
  return templateParts(text, values)
    .map((part) => ('text' in part ? part.text : (part.value ?? `{{${part.index}}}`)))
    .join('');
}

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
