/**
 * The survey past the customer's 24-hour window on official numbers (docs/service-levels.md
 * #satisfaction-survey): Meta then only takes an approved template, so the company may choose one
 * per official number (`templates` of `PUT /api/survey`), its values holding `{{nome}}` and
 * `{{atendente}}` as the question does; without one the survey is not sent there. What the form
 * does with them, pure: choosing (the values sized to the template's `{{n}}`), the body sent (the
 * values trimmed, sized to the template as last loaded), the checks before sending, and the
 * server's 422 `invalid_survey` fields (`templates[0].templateId`, `templates[0].parameters[1]`…,
 * the index being the entry's place in the body sent) turned into each number's errors.
 */
import { ApiError, type FieldError } from '../../lib/http';
import { isApproved, templateSlots, type Template } from '../../lib/message-templates';
import type { SurveySettings, SurveyTemplate } from './api/schemas';

/** The select's value of "no template". */
export const NO_TEMPLATE = 'none';
export const NO_TEMPLATE_LABEL = 'Sem modelo (não enviar fora da janela)';

/** Meta's template statuses in pt_BR (another shows as it comes). */
const STATUS_LABELS: Readonly<Record<string, string>> = {
  APPROVED: 'aprovado',
  PENDING: 'em análise',
  REJECTED: 'rejeitado',
  PAUSED: 'pausado',
  DISABLED: 'desativado',
  IN_APPEAL: 'em recurso',
  PENDING_DELETION: 'em exclusão',
  DELETED: 'excluído',
  LIMIT_EXCEEDED: 'limite excedido',
};

export function templateStatusLabel(status: string): string {
  return STATUS_LABELS[status.toUpperCase()] ?? status;
}

export interface TemplateChoice {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * A number's select: "Sem modelo", then its templates — only approved ones can be chosen; the
 * others are listed, disabled, with their status. A template chosen before that the number no
 * longer has stays listed (disabled) so the select still says what is saved.
 */
export function templateChoices(templates: readonly Template[], chosenId: number | null): TemplateChoice[] {
  const choices: TemplateChoice[] = [{ value: NO_TEMPLATE, label: NO_TEMPLATE_LABEL }];
  for (const template of templates) {
    const name = `${template.name} (${template.language})`;
    choices.push(
      isApproved(template)
        ? { value: String(template.id), label: name }
        : { value: String(template.id), label: `${name} — ${templateStatusLabel(template.status)}`, disabled: true },
    );
  }
  if (chosenId !== null && !templates.some((template) => template.id === chosenId)) {
    choices.push({ value: String(chosenId), label: `Modelo nº ${chosenId} (não encontrado)`, disabled: true });
  }
  return choices;
}

/** The number's entry, or null. */
export function entryOf(templates: readonly SurveyTemplate[], instanceId: number): SurveyTemplate | null {
  return templates.find((entry) => entry.instanceId === instanceId) ?? null;
}

/**
 * A template chosen for a number (null: none): its entry replaced in place, added at the end or
 * removed; the values start over, one empty value per `{{n}}`.
 */
export function chooseTemplate(
  templates: readonly SurveyTemplate[],
  instanceId: number,
  template: Pick<Template, 'id' | 'body' | 'parameters'> | null,
): SurveyTemplate[] {
  if (template === null) return templates.filter((entry) => entry.instanceId !== instanceId);
  const entry: SurveyTemplate = {
    instanceId,
    templateId: template.id,
    parameters: templateSlots(template).map(() => ''),
  };
  return templates.some((current) => current.instanceId === instanceId)
    ? templates.map((current) => (current.instanceId === instanceId ? entry : current))
    : [...templates, entry];
}

/** What was typed for the number's parameter at `position` (0-based: `{{position + 1}}`). */
export function setParameter(
  templates: readonly SurveyTemplate[],
  instanceId: number,
  position: number,
  value: string,
): SurveyTemplate[] {
  return templates.map((entry) => {
    if (entry.instanceId !== instanceId) return entry;
    const parameters = [...entry.parameters];
    while (parameters.length < position) parameters.push('');
    parameters[position] = value;
    return { ...entry, parameters };
  });
}

/** One number's errors: under its select (`instance`, `template`), its values (`parameters`, each). */
export interface TemplateRowErrors {
  /** `templates[i].instanceId`: "Escolha um número oficial.", "Um modelo por número." */
  instance?: string;
  /** `templates[i].templateId`: not found, not approved. */
  template?: string;
  /** `templates[i].parameters`: the count of values. */
  parameters?: string;
  /** `templates[i].parameters[j]`: a value, by position. */
  parameter?: Record<number, string>;
}

/** The errors of each number, by instance id. */
export type TemplateErrors = Record<number, TemplateRowErrors>;

function join(previous: string | undefined, message: string): string {
  return previous ? `${previous} ${message}` : message;
}

function addError(
  errors: TemplateErrors,
  instanceId: number,
  part: 'instance' | 'template' | 'parameters',
  message: string,
) {
  const row = (errors[instanceId] ??= {});
  row[part] = join(row[part], message);
}

function addParameterError(errors: TemplateErrors, instanceId: number, position: number, message: string) {
  const row = (errors[instanceId] ??= {});
  const parameter = (row.parameter ??= {});
  parameter[position] = join(parameter[position], message);
}

/**
 * The template of each entry as the screen last loaded it (null: not loaded, the server checks it
 * alone).
 */
export type TemplateLookup = (entry: SurveyTemplate) => readonly Template[] | undefined;

/**
 * The entries as sent: each value trimmed, and as many values as the template has `{{n}}` (when
 * its templates are loaded: a template changed at Meta since it was saved would otherwise keep
 * values the form no longer shows).
 */
export function templatesBody(templates: readonly SurveyTemplate[], lookup: TemplateLookup): SurveyTemplate[] {
  return templates.map((entry) => {
    const template = lookup(entry)?.find((candidate) => candidate.id === entry.templateId);
    const values = entry.parameters.map((value) => value.trim());
    const parameters = template ? templateSlots(template).map((_, position) => values[position] ?? '') : values;
    return { instanceId: entry.instanceId, templateId: entry.templateId, parameters };
  });
}

/** The whole body of `PUT /api/survey`: the texts and the values trimmed. */
export function surveyBody(draft: SurveySettings, lookup: TemplateLookup): SurveySettings {
  return {
    ...draft,
    question: draft.question.trim(),
    thanks: draft.thanks.trim(),
    templates: templatesBody(draft.templates, lookup),
  };
}

/**
 * What the form checks before sending (the server checks the same): a loaded template that is no
 * longer there or not approved, an empty value.
 */
export function localTemplateErrors(sent: readonly SurveyTemplate[], lookup: TemplateLookup): TemplateErrors {
  const errors: TemplateErrors = {};
  for (const entry of sent) {
    const loaded = lookup(entry);
    if (!loaded) continue;
    const template = loaded.find((candidate) => candidate.id === entry.templateId);
    if (!template) {
      addError(errors, entry.instanceId, 'template', 'Modelo não encontrado para este número: escolha outro.');
      continue;
    }
    if (!isApproved(template)) {
      addError(
        errors,
        entry.instanceId,
        'template',
        `O modelo "${template.name}" não está aprovado (${templateStatusLabel(template.status)}): escolha outro.`,
      );
      continue;
    }
    entry.parameters.forEach((value, position) => {
      if (value.trim() === '')
        addParameterError(errors, entry.instanceId, position, `Preencha o parâmetro {{${position + 1}}}.`);
    });
  }
  return errors;
}

const TEMPLATE_FIELD = /^templates\[(\d+)\](?:\.(instanceId|templateId|parameters)(?:\[(\d+)\])?)?$/;
const PARAMETER_IN_MESSAGE = /^Preencha o parâmetro \{\{(\d+)\}\}/;

/**
 * The server's field errors split: those of a template entry go to its number (the index is the
 * entry's place in `sent`); the others are left for the rest of the form. A `parameters` message
 * that names one parameter ("Preencha o parâmetro {{1}}.") goes under that one.
 */
export function splitTemplateErrors(
  errors: readonly FieldError[],
  sent: readonly SurveyTemplate[],
): { templates: TemplateErrors; rest: FieldError[] } {
  const templates: TemplateErrors = {};
  const rest: FieldError[] = [];
  for (const error of errors) {
    const match = error.field === undefined ? null : TEMPLATE_FIELD.exec(error.field);
    const entry = match ? sent[Number(match[1])] : undefined;
    if (!match || !entry) {
      rest.push(error);
      continue;
    }
    const [, , part, position] = match;
    if (part === 'templateId') addError(templates, entry.instanceId, 'template', error.message);
    else if (part === 'parameters') {
      const named = PARAMETER_IN_MESSAGE.exec(error.message);
      if (position !== undefined) addParameterError(templates, entry.instanceId, Number(position), error.message);
      else if (named) addParameterError(templates, entry.instanceId, Number(named[1]) - 1, error.message);
      else addError(templates, entry.instanceId, 'parameters', error.message);
    } else addError(templates, entry.instanceId, 'instance', error.message);
  }
  return { templates, rest };
}

/**
 * An error of `PUT /api/survey` with the template entries' fields taken out (`templates`), the rest
 * as the same error (for lib/api-errors.ts's `formErrors`), or null when every field was a
 * template's (nothing else to say).
 */
export function templateFailure(
  error: unknown,
  sent: readonly SurveyTemplate[],
): { templates: TemplateErrors; rest: unknown } {
  if (!(error instanceof ApiError)) return { templates: {}, rest: error };
  const { templates, rest } = splitTemplateErrors(error.errors, sent);
  if (rest.length === error.errors.length) return { templates, rest: error };
  if (rest.length === 0) return { templates, rest: null };
  return {
    templates,
    rest: new ApiError(error.status, error.code, error.message, rest, error.body, error.retryAfter),
  };
}

/** Whether a number has any error. */
export function hasTemplateErrors(errors: TemplateErrors): boolean {
  return Object.keys(errors).length > 0;
}
