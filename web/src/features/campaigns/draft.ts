/**
 * The create form ⇄ the API (docs/campaigns.md, create / preview body): phones typed one per line,
 * groups, an imported file's contacts, the file the message goes with, the schedule typed in São Paulo time (sent as ISO UTC), the
 * variables the message may use, the checks made before anything is sent, and the server's 422
 * field names mapped back to the form's fields.
 */
import { toMediaAttachment, type AttachedFile } from '../../lib/media-upload';
import type { CampaignInput, ImportResult } from './api/schemas';

export interface DraftValues {
  name: string;
  /** The instance's id as the picker holds it ('' = none chosen). */
  instanceId: string;
  body: string;
  /** One phone a line. */
  phones: string;
  groupIds: string[];
  schedule: boolean;
  /** `YYYY-MM-DD`, São Paulo. */
  scheduleDate: string;
  /** `HH:MM`, São Paulo. */
  scheduleTime: string;
  /** A file uploaded for the campaign (the message becomes its caption); null: none. */
  attachment: AttachedFile | null;
}

export const EMPTY_DRAFT: DraftValues = {
  name: '',
  instanceId: '',
  body: '',
  phones: '',
  groupIds: [],
  schedule: false,
  scheduleDate: '',
  scheduleTime: '',
  attachment: null,
};

export const NAME_MAX = 120;
export const BODY_MAX = 4096;

/** Variables every campaign knows: the customer's first name and phone. */
export const BUILT_IN_VARIABLES = ['nome', 'telefone'] as const;

/** The phones of the textarea: one a line, blank lines left out. */
export function parsePhones(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The variables a message uses, lower-cased, each once, in order: `{{ Nome }}` → `nome`. */
export function usedVariables(body: string): string[] {
  const found: string[] = [];
  for (const match of body.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)) {
    const name = (match[1] ?? '').toLowerCase();
    if (name && !found.includes(name)) found.push(name);
  }
  return found;
}

/** The variables a message may use: the built-in ones and the imported file's columns. */
export function knownVariables(columns: readonly string[]): string[] {
  const all: string[] = [...BUILT_IN_VARIABLES];
  for (const column of columns) {
    const name = column.toLowerCase();
    if (!all.includes(name)) all.push(name);
  }
  return all;
}

/**
 * A São Paulo date and time → ISO UTC (`2026-12-01T12:00:00Z`). São Paulo is UTC−03:00 all year
 * (no daylight saving since 2019). Null when either is missing or unreadable.
 */
export function scheduleToIso(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const parsed = new Date(`${date}T${time}:00-03:00`);
  if (Number.isNaN(parsed.getTime())) return null;
  return parsed.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The body of the preview and create calls. */
export function toInput(values: DraftValues, imported: ImportResult | null): CampaignInput {
  const input: CampaignInput = {
    name: values.name.trim(),
    instanceId: Number(values.instanceId),
    body: values.body,
    phones: parsePhones(values.phones),
    customerGroupIds: values.groupIds.map(Number),
    contacts: (imported?.contacts ?? []).map((contact) => ({
      phone: contact.phone,
      name: contact.name,
      fields: contact.fields,
    })),
  };
  const scheduledAt = values.schedule ? scheduleToIso(values.scheduleDate, values.scheduleTime) : null;
  if (scheduledAt) input.scheduledAt = scheduledAt;
  if (values.attachment) input.attachment = toMediaAttachment(values.attachment);
  return input;
}

export type DraftErrors = Partial<Record<keyof DraftValues, string>>;

/** The checks made before the preview or the create call (the server checks again). */
export function validateDraft(values: DraftValues, imported: ImportResult | null, now: Date = new Date()): DraftErrors {
  const errors: DraftErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Dê um nome à campanha.';
  else if (name.length > NAME_MAX) errors.name = `Use no máximo ${NAME_MAX} caracteres.`;
  if (values.instanceId === '') errors.instanceId = 'Escolha a instância que envia.';
  if (values.body.trim() === '') errors.body = 'Escreva a mensagem.';
  else if (values.body.length > BODY_MAX) errors.body = `A mensagem pode ter no máximo ${BODY_MAX} caracteres.`;
  else {
    const known = knownVariables(imported?.columns ?? []);
    const unknown = usedVariables(values.body).filter((variable) => !known.includes(variable));
    if (unknown.length > 0) {
      errors.body = `${unknown.length === 1 ? 'Variável desconhecida' : 'Variáveis desconhecidas'}: ${unknown
        .map((variable) => `{{${variable}}}`)
        .join(', ')}. Use ${known.map((variable) => `{{${variable}}}`).join(', ')}.`;
    }
  }
  const contacts = imported?.contacts.length ?? 0;
  if (parsePhones(values.phones).length === 0 && values.groupIds.length === 0 && contacts === 0) {
    errors.phones = 'Informe ao menos um destinatário: telefones, um grupo ou um arquivo.';
  }
  if (values.schedule) {
    const iso = scheduleToIso(values.scheduleDate, values.scheduleTime);
    if (iso === null) errors.scheduleTime = 'Informe a data e a hora do envio.';
    else if (Date.parse(iso) <= now.getTime()) errors.scheduleTime = 'Escolha um momento no futuro.';
  }
  return errors;
}

/** The form field a server's 422 `field` names (`phones[2]` → `phones`); undefined: none. */
export function fieldOfServer(field: string): keyof DraftValues | undefined {
  const head = field.split(/[.[]/)[0] ?? '';
  switch (head) {
    case 'name':
      return 'name';
    case 'instanceId':
      return 'instanceId';
    case 'body':
      return 'body';
    case 'phones':
    case 'contacts':
    case 'customerGroupIds':
    case 'recipients':
      return head === 'customerGroupIds' ? 'groupIds' : 'phones';
    case 'scheduledAt':
      return 'scheduleTime';
    case 'attachment':
      return 'attachment';
    default:
      return undefined;
  }
}

/** A stable text of what the preview was made of: a change after it asks for a new preview. */
export function draftSignature(values: DraftValues, imported: ImportResult | null): string {
  return JSON.stringify(toInput(values, imported));
}
