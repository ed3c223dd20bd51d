/**
 * The create form ⇄ the API (docs/campaigns.md, create / preview body): phones typed one per line,
 * groups, an imported file's contacts, the file the message goes with, the schedule typed in São
 * Paulo time (sent as ISO UTC), the variables the message may use, the checks made before anything
 * is sent, and the server's 422 field names mapped back to the form's fields. On an official number
 * (docs/campaigns.md#templates) the message is an approved template with its parameters' values
 * (which may use the same variables): `body` goes empty and no file goes.
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
  /** Official numbers: the approved template's id as the picker holds it ('' = none chosen). */
  templateId: string;
  /** Official numbers: what was typed for `{{1}}`, `{{2}}`…, one for each of the template's parameters. */
  templateParameters: string[];
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
  templateId: '',
  templateParameters: [],
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

/**
 * Is the instance an official number (it sends approved templates)? The list of instances says so
 * (`official`); when it does not (an older server's inbox list), a number with templates is one;
 * and one the server asked a template for (422 `template`) is one too, whatever the list said.
 * Null while the templates that would tell are still loading.
 */
export function isOfficial(
  official: boolean | null | undefined,
  templates: readonly unknown[] | undefined,
  serverAskedForTemplate = false,
): boolean | null {
  if (official === true || serverAskedForTemplate) return true;
  if (official === false) return false;
  if (templates === undefined) return null;
  return templates.length > 0;
}

/**
 * The body of the preview and create calls. `official`: the message is the chosen template
 * (`template: {id, parameters}`, `body` empty, no file).
 */
export function toInput(values: DraftValues, imported: ImportResult | null, official = false): CampaignInput {
  const input: CampaignInput = {
    name: values.name.trim(),
    instanceId: Number(values.instanceId),
    body: official ? '' : values.body,
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
  if (official) {
    if (values.templateId !== '') {
      input.template = {
        id: Number(values.templateId),
        parameters: values.templateParameters.map((value) => value.trim()),
      };
    }
  } else if (values.attachment) {
    input.attachment = toMediaAttachment(values.attachment);
  }
  return input;
}

/** The form's field of a template parameter: `templateParameters.0` is `{{1}}`. */
export type ParameterField = `templateParameters.${number}`;

export type DraftErrors = Partial<Record<keyof DraftValues | ParameterField, string>>;

/** Why a text uses variables the campaign does not know; null: it does not. */
function unknownVariablesError(text: string, known: readonly string[]): string | null {
  const unknown = usedVariables(text).filter((variable) => !known.includes(variable));
  if (unknown.length === 0) return null;
  return `${unknown.length === 1 ? 'Variável desconhecida' : 'Variáveis desconhecidas'}: ${unknown
    .map((variable) => `{{${variable}}}`)
    .join(', ')}. Use ${known.map((variable) => `{{${variable}}}`).join(', ')}.`;
}

/**
 * The checks made before the preview or the create call (the server checks again). `official`:
 * the template and each of its parameters instead of the message.
 */
export function validateDraft(
  values: DraftValues,
  imported: ImportResult | null,
  now: Date = new Date(),
  official = false,
): DraftErrors {
  const errors: DraftErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Dê um nome à campanha.';
  else if (name.length > NAME_MAX) errors.name = `Use no máximo ${NAME_MAX} caracteres.`;
  if (values.instanceId === '') errors.instanceId = 'Escolha a instância que envia.';
  const known = knownVariables(imported?.columns ?? []);
  if (official) {
    if (values.templateId === '') errors.templateId = 'Escolha um modelo aprovado.';
    values.templateParameters.forEach((value, position) => {
      const problem =
        value.trim() === '' ? `Preencha o parâmetro {{${position + 1}}}.` : unknownVariablesError(value, known);
      if (problem) errors[`templateParameters.${position}`] = problem;
    });
  } else if (values.body.trim() === '') errors.body = 'Escreva a mensagem.';
  else if (values.body.length > BODY_MAX) errors.body = `A mensagem pode ter no máximo ${BODY_MAX} caracteres.`;
  else {
    const problem = unknownVariablesError(values.body, known);
    if (problem) errors.body = problem;
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

/**
 * The form field a server's 422 `field` names (`phones[2]` → `phones`, `template.parameters[1]` →
 * `templateParameters.1`); undefined: none.
 */
export function fieldOfServer(field: string): keyof DraftValues | ParameterField | undefined {
  const parameter = /^template\.parameters\[(\d+)\]/.exec(field);
  if (parameter) return `templateParameters.${Number(parameter[1])}`;
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
    case 'template':
      // `template` (none chosen), `template.id`, `template.parameters` (their number).
      return 'templateId';
    default:
      return undefined;
  }
}

/** The errors without those of the template and its parameters (another number or template chosen). */
export function withoutTemplateErrors<T extends Record<string, unknown>>(errors: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) => field !== 'templateId' && !field.startsWith('templateParameters')),
  ) as Partial<T>;
}

/** A stable text of what the preview was made of: a change after it asks for a new preview. */
export function draftSignature(values: DraftValues, imported: ImportResult | null, official = false): string {
  return JSON.stringify(toInput(values, imported, official));
}
