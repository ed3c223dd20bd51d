/**
 * Quick replies (respostas rápidas, docs/quick-replies.md), as the inbox's `/` picker, the quick
 * replies screen (features/quick-replies) and the scheduling dialog (components/
 * ScheduleMessageModal) know them: the reply's shape — its text, the file it sends or the official
 * number's approved template it points at —, its scope in pt_BR, the variables a text (or a
 * template's value) may hold with what each stands for, and the search the dialog makes
 * (`GET /api/quick-replies?q=`).
 */
import * as z from 'zod/mini';
import { http } from './http';

export const QUICK_REPLY_SCOPES = ['tenant', 'department', 'personal'] as const;
export type QuickReplyScope = (typeof QUICK_REPLY_SCOPES)[number];

/**
 * A stored file a reply (or a scheduled message) sends: `type` is `image`, `audio`, `video`,
 * `document` or `sticker` (kept as a string: a type added later does not fail the list).
 */
export const StoredAttachmentSchema = z.object({
  mediaId: z.number(),
  fileName: z.string(),
  type: z.string(),
  mimeType: z.string(),
  size: z.number(),
});
export type StoredAttachment = z.infer<typeof StoredAttachmentSchema>;

/**
 * The approved template of an official number a reply points at: `body` as the customer reads it
 * with its `{{1}}`, `{{2}}`… unfilled, and `parameters` the values kept for them (which may hold
 * the reply's variables, `{{nome}}`…). `status` is Meta's (`APPROVED`, `PAUSED`…).
 */
export const ReplyTemplateSchema = z.object({
  id: z.number(),
  instanceId: z.number(),
  instanceName: z.string(),
  name: z.string(),
  language: z.string(),
  status: z.string(),
  body: z.string(),
  parameters: z._default(z.array(z.string()), []),
});
export type ReplyTemplate = z.infer<typeof ReplyTemplateSchema>;

/**
 * A reply as the API shows it (server/src/domain/quick_replies/mod.rs `QuickReplyView`); `editable`:
 * the caller may change or delete it. With an `attachment` its `body` is the file's caption (may be
 * ''); with a `template` its `body` is '' (the template's text is what goes).
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
  attachment: z._default(z.nullish(StoredAttachmentSchema), null),
  template: z._default(z.nullish(ReplyTemplateSchema), null),
});
export type QuickReply = z.infer<typeof QuickReplySchema>;

/** A page of `GET /api/quick-replies`. */
export const QuickReplyPageSchema = z.object({
  data: z.array(QuickReplySchema),
  next_cursor: z.nullish(z.string()),
});
export interface QuickReplyPage {
  data: QuickReply[];
  next_cursor?: string | null;
}

/** The replies a search finds at once (the scheduling dialog's picker). */
export const QUICK_REPLY_SEARCH_LIMIT = 20;

/**
 * GET /api/quick-replies?q=&limit= → the first replies the caller sees whose shortcut or text holds
 * `search` (every one when it is blank), by shortcut.
 */
export function searchQuickReplies(search: string, signal?: AbortSignal): Promise<QuickReplyPage> {
  const q = search.trim();
  return http.get('/api/quick-replies', {
    query: { q: q === '' ? undefined : q, limit: QUICK_REPLY_SEARCH_LIMIT },
    schema: QuickReplyPageSchema,
    signal,
  });
}

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

/** The known variables a text still holds (`{{ nome }}` → `nome`), each once, in order. */
export function variablesIn(text: string): QuickReplyVariable[] {
  const known = new Set<string>(QUICK_REPLY_VARIABLES.map((variable) => variable.name));
  const found = [...text.matchAll(PLACEHOLDER)].map((match) => (match[1] ?? '').trim()).filter((n) => known.has(n));
  return [...new Set(found)] as QuickReplyVariable[];
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
