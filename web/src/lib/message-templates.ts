/**
 * Official numbers' message templates (`GET /api/templates?instanceId=`, docs/campaigns.md#templates)
 * as the inbox's template picker and a campaign's message use them: the server's shape, which may
 * be sent (approved), their parameters (`{{1}}`, `{{2}}`… in the body, and those the server lists),
 * the text with what was typed in place of each one, Meta's categories in pt_BR and the options of
 * a select of templates. Pure, for the tests; the queries stay in each feature.
 */
import * as z from 'zod/mini';

/** A number's message template as last synced from Meta: only `APPROVED` ones can be sent. */
export const TemplateSchema = z.object({
  id: z.number(),
  instanceId: z.number(),
  name: z.string(),
  /** `pt_BR`, `en_US`… */
  language: z.string(),
  /** `MARKETING`, `UTILITY` or `AUTHENTICATION`. */
  category: z.string(),
  /** `APPROVED`, `PENDING`, `REJECTED`, `PAUSED`, `DISABLED`, or another of Meta's. */
  status: z.string(),
  header: z._default(z.nullish(z.string()), null),
  /** With the placeholders `{{1}}`, `{{2}}`… */
  body: z.string(),
  footer: z._default(z.nullish(z.string()), null),
  parameters: z._default(
    z.array(z.object({ index: z.number(), example: z._default(z.nullish(z.string()), null) })),
    [],
  ),
  syncedAt: z._default(z.nullish(z.string()), null),
});
export type Template = z.infer<typeof TemplateSchema>;

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

/**
 * A form's field of the template's parameter at `position` (0-based): `templateParameters.0` holds
 * `{{1}}` — the scheduling dialog's and the quick reply editor's (components/use-message-form.ts).
 */
export function parameterPath(position: number): `templateParameters.${number}` {
  return `templateParameters.${position}`;
}

/** The server's name for that parameter in its 422 `errors` (a scheduled message, a quick reply). */
export function serverParameterField(position: number): string {
  return `template.parameters[${position}]`;
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

/** A select's options of templates: the id as value, `name (language)` as label (what the search matches). */
export function templateOptions(
  templates: readonly Pick<Template, 'id' | 'name' | 'language'>[],
): { value: string; label: string }[] {
  return templates.map((t) => ({ value: String(t.id), label: `${t.name} (${t.language})` }));
}

/** The template a select's value names (its id as a string), or null. */
export function findTemplate<T extends Pick<Template, 'id'>>(templates: readonly T[], value: string | null): T | null {
  return templates.find((t) => String(t.id) === value) ?? null;
}
