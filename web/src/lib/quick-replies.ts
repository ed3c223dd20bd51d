/**
 * Quick replies (respostas rápidas, docs/quick-replies.md), as both the inbox's `/` picker and the
 * quick replies screen (features/quick-replies) know them: the reply's shape, its scope in pt_BR,
 * and the variables a text may hold with what each stands for.
 */
import * as z from 'zod/mini';

export const QUICK_REPLY_SCOPES = ['tenant', 'department', 'personal'] as const;
export type QuickReplyScope = (typeof QUICK_REPLY_SCOPES)[number];

/**
 * A reply as the API shows it (server/src/domain/quick_replies/mod.rs `QuickReplyView`); `editable`:
 * the caller may change or delete it.
 */
export const QuickReplySchema = z.object({
  id: z.number(),
  shortcut: z.string(),
  body: z.string(),
  scope: z.enum(QUICK_REPLY_SCOPES),
  department: z.nullish(z.object({ id: z.number(), name: z.string() })),
  uses: z.number(),
  editable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuickReply = z.infer<typeof QuickReplySchema>;

/** The longest text of a reply (a message's). */
export const MAX_QUICK_REPLY_BODY = 4096;
/** The longest shortcut. */
export const MAX_SHORTCUT = 40;

/** The scope as a badge says it: "Empresa", "Departamento: Vendas", "Pessoal". */
export function scopeLabel(reply: Pick<QuickReply, 'scope' | 'department'>): string {
  switch (reply.scope) {
    case 'tenant':
      return 'Empresa';
    case 'department':
      return reply.department ? `Departamento: ${reply.department.name}` : 'Departamento';
    case 'personal':
      return 'Pessoal';
  }
}

/** The badge colour of each scope. */
export const SCOPE_COLORS: Record<QuickReplyScope, string> = {
  tenant: 'indigo',
  department: 'teal',
  personal: 'gray',
};

/** Every variable a text may hold, with what it stands for (server: `variables::VARIABLES`). */
export const QUICK_REPLY_VARIABLES = [
  { name: 'nome', meaning: 'nome do cliente' },
  { name: 'primeiro_nome', meaning: 'primeiro nome do cliente' },
  { name: 'protocolo', meaning: 'protocolo do atendimento' },
  { name: 'atendente', meaning: 'seu nome' },
  { name: 'departamento', meaning: 'departamento do atendimento' },
  { name: 'saudacao', meaning: 'bom dia, boa tarde ou boa noite' },
] as const;
export type QuickReplyVariable = (typeof QUICK_REPLY_VARIABLES)[number]['name'];

/** `{{nome}}`: a variable as it is written in a text. */
export function variableToken(name: string): string {
  return `{{${name}}}`;
}

/** A `{{…}}` of a text, the name inside trimmed (spaces inside the braces are allowed). */
const PLACEHOLDER = /\{\{([^}]*)\}\}/g;

/** The names of the `{{…}}` of a text that are no variable (the server refuses them: `invalid_variable`). */
export function unknownVariables(text: string): string[] {
  const known = new Set<string>(QUICK_REPLY_VARIABLES.map((variable) => variable.name));
  const unknown = [...text.matchAll(PLACEHOLDER)].map((match) => (match[1] ?? '').trim()).filter((n) => !known.has(n));
  return [...new Set(unknown)];
}

/** The text with each known variable replaced by its value in `values` (unknown ones left as they are). */
export function fillVariables(text: string, values: Partial<Record<QuickReplyVariable, string>>): string {
  return text.replace(PLACEHOLDER, (whole, inner: string) => {
    const value = values[inner.trim() as QuickReplyVariable];
    return value === undefined ? whole : value;
  });
}

const SAO_PAULO_HOUR = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  hourCycle: 'h23',
  timeZone: 'America/Sao_Paulo',
});

/** `{{saudacao}}` at `now`, São Paulo time: "Bom dia" (5–11 h), "Boa tarde" (12–17 h), "Boa noite". */
export function greetingAt(now: Date): string {
  const hour = Number(SAO_PAULO_HOUR.format(now));
  if (hour >= 5 && hour <= 11) return 'Bom dia';
  if (hour >= 12 && hour <= 17) return 'Boa tarde';
  return 'Boa noite';
}
