/**
 * The scheduling dialog's form ⇄ the API (components/ScheduleMessageModal, docs/scheduled-messages.md):
 * what a scheduled message sends — a text, a file with its caption, or (official numbers) an
 * approved template with a value per parameter —, the checks made before anything is sent, the
 * body of a new one and the changes of one being edited (only what changed; an attachment or a
 * template removed goes as `null`), and the quick replies it was written with.
 *
 * A quick reply inserted here is filled on the spot with what is known without a conversation: the
 * customer's name (`{{nome}}`, `{{primeiro_nome}}`), who is writing (`{{atendente}}`) and the
 * greeting at the moment it goes (`{{saudacao}}`). A scheduled message is sent as written — the
 * server fills no variable — so one left (`{{protocolo}}`, `{{departamento}}`, a name the customer
 * lacks) must be replaced before it is scheduled: the customer would read it as typed. Pure, for
 * the tests.
 */
import type { CustomerChoice } from './customer-search';
import { toMediaAttachment, type AttachedFile } from './media-upload';
import { parameterPath } from './message-templates';
import { fillVariables, greetingAt, variablesIn, variableToken, type QuickReplyVariable } from './quick-replies';
import {
  MAX_SCHEDULED_BODY,
  type NewScheduled,
  type Scheduled,
  type ScheduledChanges,
  type TemplateChoice,
} from './scheduled-messages';
import { sendAtError, toSendAt, type WallClock } from './send-at';

/** What the message is: a text (with a file or not) or an approved template. */
export type ScheduleContent = 'text' | 'template';

export interface ScheduleValues {
  /** The customer chosen in the dialog (from the scheduled messages screen); null: none yet. */
  customer: CustomerChoice | null;
  /** The number chosen in the dialog, its id as the select keeps it; null: none yet. */
  instanceId: string | null;
  content: ScheduleContent;
  /** The text, or the file's caption. */
  body: string;
  attachment: AttachedFile | null;
  /** The approved template's id as the select keeps it; null: none chosen. */
  templateId: string | null;
  /** What was typed for `{{1}}`, `{{2}}`…, one for each of the template's parameters. */
  templateParameters: string[];
  /** `YYYY-MM-DD` and `HH:MM`, São Paulo. */
  date: string;
  time: string;
  cancelIfCustomerWrites: boolean;
}

/** A quick reply used in the dialog, with what it put in: its text, its file or its template. */
export interface InsertedReply {
  id: number;
  text?: string;
  mediaId?: number;
  templateId?: number;
}

/** The most quick replies one message may name. */
export const MAX_QUICK_REPLY_IDS = 10;

/**
 * The replies whose part is still in the message: a text still whole in the body, a file still
 * attached, a template still chosen — each once, at most `MAX_QUICK_REPLY_IDS`.
 */
export function usedQuickReplyIds(values: ScheduleValues, inserted: readonly InsertedReply[]): number[] {
  const ids: number[] = [];
  for (const reply of inserted) {
    if (ids.includes(reply.id)) continue;
    let kept: boolean;
    if (reply.templateId !== undefined) {
      kept = values.content === 'template' && values.templateId === String(reply.templateId);
    } else if (reply.mediaId !== undefined) {
      kept = values.content === 'text' && values.attachment?.mediaId === reply.mediaId;
    } else {
      const text = reply.text?.trim() ?? '';
      kept = values.content === 'text' && text !== '' && values.body.includes(text);
    }
    if (kept) ids.push(reply.id);
  }
  return ids.slice(0, MAX_QUICK_REPLY_IDS);
}

export interface FillContext {
  /** The customer's name ('' when known only by the number). */
  customerName: string;
  /** Who is writing. */
  agent: string;
  /** When the message goes (the greeting's hour). */
  at: Date;
}

/** A reply's text with what is known here in place of its variables (the others stay `{{…}}`). */
export function fillKnownVariables(text: string, context: FillContext): string {
  const name = context.customerName.trim();
  const values: Partial<Record<QuickReplyVariable, string>> = { saudacao: greetingAt(context.at) };
  if (name) {
    values.nome = name;
    values.primeiro_nome = name.split(/\s+/)[0];
  }
  if (context.agent.trim()) values.atendente = context.agent.trim();
  return fillVariables(text, values);
}

/** Why a text cannot go as it is: the variables it still holds, which nothing here fills. */
export function leftoverVariablesError(text: string): string | null {
  const left = variablesIn(text);
  if (left.length === 0) return null;
  const named = left.map(variableToken).join(', ');
  return `Troque ${named} pelo texto que o cliente deve ler: mensagens agendadas não preenchem variáveis.`;
}

function count(value: number): string {
  return value.toLocaleString('pt-BR');
}

export interface CheckOptions {
  /** The customer and the number are chosen in the dialog. */
  choosing: boolean;
  /** How many parameters the chosen template has (0 while none is chosen). */
  slots: number;
  now: Date;
}

/** The form's errors by field ('' none): what must be fixed before anything is sent. */
export function checkSchedule(values: ScheduleValues, { choosing, slots, now }: CheckOptions): Record<string, string> {
  const errors: Record<string, string> = {};
  if (choosing && values.customer === null) errors.customer = 'Escolha o cliente.';
  if (choosing && values.instanceId === null) errors.instanceId = 'Escolha o número.';
  if (values.content === 'template') {
    if (values.templateId === null) errors.templateId = 'Escolha o modelo.';
    for (let position = 0; position < slots; position += 1) {
      const value = values.templateParameters[position]?.trim() ?? '';
      const problem = value === '' ? 'Preencha o parâmetro.' : leftoverVariablesError(value);
      if (problem) errors[parameterPath(position)] = problem;
    }
  } else {
    const body = values.body.trim();
    if (body === '' && values.attachment === null) errors.body = 'Escreva a mensagem.';
    else if (values.body.length > MAX_SCHEDULED_BODY) errors.body = `Use até ${count(MAX_SCHEDULED_BODY)} caracteres.`;
    else {
      const left = leftoverVariablesError(body);
      if (left) errors.body = left;
    }
  }
  const when = sendAtError({ date: values.date, time: values.time }, now);
  if (when) errors.date = when;
  return errors;
}

/** The template chosen, with its values trimmed (as many as it has parameters); null without one. */
function templateOf(values: ScheduleValues, slots: number): TemplateChoice | null {
  if (values.content !== 'template' || values.templateId === null) return null;
  return {
    id: Number(values.templateId),
    parameters: Array.from({ length: slots }, (_, at) => values.templateParameters[at]?.trim() ?? ''),
  };
}

export interface InputContext {
  customerId: number;
  instanceId: number;
  slots: number;
  quickReplyIds: number[];
}

/** The body of POST /api/scheduled-messages: what is not sent is left out. */
export function newScheduledInput(values: ScheduleValues, context: InputContext): NewScheduled {
  const template = templateOf(values, context.slots);
  const input: NewScheduled = {
    customerId: context.customerId,
    instanceId: context.instanceId,
    body: template ? '' : values.body.trim(),
    sendAt: toSendAt(values) ?? '',
    cancelIfCustomerWrites: values.cancelIfCustomerWrites,
  };
  if (context.quickReplyIds.length > 0) input.quickReplyIds = context.quickReplyIds;
  if (template) input.template = template;
  else if (values.attachment) input.attachment = toMediaAttachment(values.attachment);
  return input;
}

/** The form as a scheduled message fills it (a template's message: its values, no text). */
export function scheduledValues(scheduled: Scheduled, clock: WallClock): ScheduleValues {
  const template = scheduled.template;
  return {
    customer: null,
    instanceId: null,
    content: template ? 'template' : 'text',
    body: template ? '' : scheduled.body,
    attachment: scheduled.attachment
      ? {
          mediaId: scheduled.attachment.mediaId,
          fileName: scheduled.attachment.fileName,
          size: scheduled.attachment.size,
          mimeType: scheduled.attachment.mimeType,
        }
      : null,
    templateId: template ? String(template.id) : null,
    templateParameters: template ? [...template.parameters] : [],
    date: clock.date,
    time: clock.time,
    cancelIfCustomerWrites: scheduled.cancelIfCustomerWrites,
  };
}

function sameTemplate(a: TemplateChoice | null, b: TemplateChoice | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.id === b.id && a.parameters.length === b.parameters.length && a.parameters.every((p, i) => p === b.parameters[i])
  );
}

/**
 * The PUT body of a scheduled message being edited: only what changed. Turning a template into a
 * text removes the template (and sends the text); a text into a template removes its file.
 */
export function scheduledChanges(
  id: number,
  values: ScheduleValues,
  initial: ScheduleValues,
  slots: number,
): ScheduledChanges {
  const changes: ScheduledChanges = { id };
  const template = templateOf(values, slots);
  const before = initial.content === 'template' ? templateOf(initial, initial.templateParameters.length) : null;
  if (template) {
    if (!sameTemplate(template, before)) changes.template = template;
    if (initial.attachment) changes.attachment = null;
  } else {
    const body = values.body.trim();
    if (body !== initial.body.trim() || before !== null) changes.body = body;
    if (before !== null) changes.template = null;
    const attached = values.attachment?.mediaId ?? null;
    if (attached !== (initial.attachment?.mediaId ?? null)) {
      changes.attachment = values.attachment ? toMediaAttachment(values.attachment) : null;
    }
  }
  const sendAt = toSendAt(values) ?? '';
  if (values.date !== initial.date || values.time !== initial.time) changes.sendAt = sendAt;
  if (values.cancelIfCustomerWrites !== initial.cancelIfCustomerWrites) {
    changes.cancelIfCustomerWrites = values.cancelIfCustomerWrites;
  }
  return changes;
}
