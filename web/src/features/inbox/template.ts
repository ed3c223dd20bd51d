/**
 * Message templates as the picker shows and sends them: which may be sent (approved), their
 * parameters (`{{1}}`, `{{2}}`… in the body, and those the server lists), and the body with what
 * was typed in place of each one. Pure, for the tests.
 */
import type { Template } from './api/get-templates';

/** Meta's categories in pt_BR (another shows as it comes). */
export const TEMPLATE_CATEGORY_LABELS: Record<string, string> = {
  MARKETING: 'Marketing',
  UTILITY: 'Utilidade',
  AUTHENTICATION: 'Autenticação',
};

export function categoryLabel(category: string): string {
  return TEMPLATE_CATEGORY_LABELS[category.toUpperCase()] ?? category;
}

/** Only approved templates can be sent. */
export function isApproved(template: Pick<Template, 'status'>): boolean {
  return template.status.toUpperCase() === 'APPROVED';
}

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

/**
 * The template's parameters, `[1, 2, …, n]`: up to the highest of those the server lists and those
 * the body holds (the request sends one value for each, in this order).
 */
export function templateSlots(template: Pick<Template, 'body' | 'parameters'>): number[] {
  let highest = 0;
  for (const parameter of template.parameters) highest = Math.max(highest, parameter.index);
  for (const match of template.body.matchAll(PLACEHOLDER)) highest = Math.max(highest, Number(match[1]));
  return Array.from({ length: highest }, (_, position) => position + 1);
}

/** A piece of the body: text as written, or a placeholder with what was typed for it (null: nothing yet). */
export type TemplatePart = { text: string } | { index: number; value: string | null };

/** The body cut at its placeholders; `values[i]` fills `{{i+1}}`. */
export function templateParts(body: string, values: readonly string[]): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of body.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push({ text: body.slice(last, match.index) });
    const index = Number(match[1]);
    const value = values[index - 1]?.trim() ?? '';
    parts.push({ index, value: value === '' ? null : value });
    last = match.index + match[0].length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}

/** The body with the values in place (an empty one stays `{{n}}`). */
export function fillTemplate(body: string, values: readonly string[]): string {
  return templateParts(body, values)
    .map((part) => ('text' in part ? part.text : (part.value ?? `{{${part.index}}}`)))
    .join('');
}

/** The server's name for the parameter at `position` (0-based) in its 422 `errors`. */
export function parameterField(position: number): string {
  return `template.parameters[${position}]`;
}
