/**
 * The editor's draft of a bot configuration: the server's `BotConfig` shaped for the form (options
 * carry a local `uid`, so a dragged or removed row keeps its inputs), and back (`toInput`: what
 * `PUT /api/bot/config` and the simulator send). Also the checks made before saving, and where the
 * server's 422 field names (`options[1].departmentId`, `options[0].attachment`) point in the form.
 * The opening hours are not the bot's: the company's calendar (features/service-levels).
 */
import type { FormErrors } from '@mantine/form';
import { toMediaAttachment, type AttachedFile } from '../../lib/media-upload';
import {
  INACTIVITY_RANGE,
  INVALID_LIMIT_RANGE,
  MAX_BOT_OPTIONS,
  type BotAction,
  type BotConfig,
  type BotConfigInput,
} from './api/schemas';

export interface OptionDraft {
  /** Local identity (the drag-and-drop id, React's key); never sent. */
  uid: string;
  /** The server's key; '' for an option not saved yet. */
  key: string;
  label: string;
  action: BotAction;
  departmentId: number | null;
  answer: string;
  /** An answer's file (kept when the action changes, sent only with `answer`). */
  attachment: AttachedFile | null;
}

export interface BotDraft {
  enabled: boolean;
  name: string;
  greeting: string;
  menuPrompt: string;
  options: OptionDraft[];
  invalidMessage: string;
  /** A number input's value: '' while empty. */
  invalidLimit: number | string;
  handoverMessage: string;
  outOfHoursMessage: string;
  inactivityMinutes: number | string;
  inactivityReasonId: number | null;
  inactivityMessage: string;
}

let sequence = 0;

/** A fresh local id. */
export function newUid(): string {
  sequence += 1;
  return `d${sequence}`;
}

export const ACTION_LABELS: Record<BotAction, string> = {
  department: 'Encaminhar para departamento',
  answer: 'Responder com texto',
  human: 'Falar com atendente',
};

export function newOption(): OptionDraft {
  return {
    uid: newUid(),
    key: '',
    label: '',
    action: 'department',
    departmentId: null,
    answer: '',
    attachment: null,
  };
}

export function toDraft(config: BotConfig): BotDraft {
  return {
    enabled: config.enabled,
    name: config.name,
    greeting: config.greeting,
    menuPrompt: config.menuPrompt,
    options: config.options.map((option) => ({
      uid: newUid(),
      key: option.key ?? '',
      label: option.label,
      action: option.action,
      departmentId: option.departmentId ?? null,
      answer: option.answer ?? '',
      attachment: option.attachment ?? null,
    })),
    invalidMessage: config.invalidMessage,
    invalidLimit: config.invalidLimit,
    handoverMessage: config.handoverMessage,
    outOfHoursMessage: config.outOfHoursMessage,
    inactivityMinutes: config.inactivityMinutes,
    inactivityReasonId: config.inactivityReasonId ?? null,
    inactivityMessage: config.inactivityMessage,
  };
}

function integer(value: number | string): number {
  return typeof value === 'number' ? value : Number.parseInt(value, 10);
}

/**
 * The configuration as the server takes it. Fields an action does not use are sent as null; the
 * file goes only with an answer that has one (else the field is left out).
 */
export function toInput(draft: BotDraft, instanceId: number | null): BotConfigInput {
  return {
    instanceId,
    enabled: draft.enabled,
    name: draft.name.trim(),
    greeting: draft.greeting,
    menuPrompt: draft.menuPrompt,
    options: draft.options.map((option) => ({
      key: option.key,
      label: option.label.trim(),
      action: option.action,
      departmentId: option.action === 'department' ? option.departmentId : null,
      answer: option.action === 'answer' ? option.answer : null,
      ...(option.action === 'answer' && option.attachment ? { attachment: toMediaAttachment(option.attachment) } : {}),
    })),
    invalidMessage: draft.invalidMessage,
    invalidLimit: integer(draft.invalidLimit),
    handoverMessage: draft.handoverMessage,
    outOfHoursMessage: draft.outOfHoursMessage,
    inactivityMinutes: integer(draft.inactivityMinutes),
    inactivityReasonId: draft.inactivityReasonId,
    inactivityMessage: draft.inactivityMessage,
  };
}

function inRange(value: number | string, range: { min: number; max: number }): boolean {
  const number = typeof value === 'number' ? value : Number(value);
  return value !== '' && Number.isInteger(number) && number >= range.min && number <= range.max;
}

function required(value: string, message: string): string | null {
  return value.trim() === '' ? message : null;
}

/** What must be right before saving (the server checks it all again), by form path. */
export function validateDraft(draft: BotDraft): FormErrors {
  const errors: FormErrors = {};
  const put = (path: string, message: string | null) => {
    if (message) errors[path] = message;
  };
  put('name', required(draft.name, 'Dê um nome ao assistente.'));
  put('greeting', required(draft.greeting, 'Escreva a saudação.'));
  put('menuPrompt', required(draft.menuPrompt, 'Escreva o texto que apresenta o menu.'));
  if (draft.options.length === 0) put('options', 'O menu precisa de pelo menos uma opção.');
  if (draft.options.length > MAX_BOT_OPTIONS) put('options', `No máximo ${MAX_BOT_OPTIONS} opções.`);
  draft.options.forEach((option, index) => {
    put(`options.${index}.label`, required(option.label, 'Escreva o texto da opção.'));
    if (option.action === 'department' && option.departmentId === null) {
      put(`options.${index}.departmentId`, 'Escolha o departamento.');
    }
    if (option.action === 'answer') put(`options.${index}.answer`, required(option.answer, 'Escreva a resposta.'));
  });
  put('invalidMessage', required(draft.invalidMessage, 'Escreva o que o bot diz a uma resposta inválida.'));
  if (!inRange(draft.invalidLimit, INVALID_LIMIT_RANGE)) {
    put('invalidLimit', `Um número de ${INVALID_LIMIT_RANGE.min} a ${INVALID_LIMIT_RANGE.max}.`);
  }
  put('handoverMessage', required(draft.handoverMessage, 'Escreva o que o bot diz ao passar a conversa.'));
  put('outOfHoursMessage', required(draft.outOfHoursMessage, 'Escreva o que o bot diz fora do horário.'));
  if (!inRange(draft.inactivityMinutes, INACTIVITY_RANGE)) {
    put('inactivityMinutes', `Um número de ${INACTIVITY_RANGE.min} a ${INACTIVITY_RANGE.max} minutos.`);
  }
  return errors;
}

const TOP_LEVEL = [
  'enabled',
  'name',
  'greeting',
  'menuPrompt',
  'options',
  'invalidMessage',
  'invalidLimit',
  'handoverMessage',
  'outOfHoursMessage',
  'inactivityMinutes',
  'inactivityReasonId',
  'inactivityMessage',
] as const;

/**
 * The server's field names (as a 422 of `toInput(draft)` names them) → the form's paths, for
 * lib/api-errors' `formErrors`.
 */
export function serverFieldMap(draft: BotDraft): Record<string, string> {
  const map: Record<string, string> = {};
  for (const field of TOP_LEVEL) map[field] = field;
  draft.options.forEach((_, index) => {
    const base = `options.${index}`;
    map[`options[${index}]`] = `${base}.label`;
    for (const field of ['label', 'action', 'departmentId', 'answer', 'key']) {
      map[`options[${index}].${field}`] = field === 'key' || field === 'action' ? `${base}.label` : `${base}.${field}`;
    }
    for (const field of ['attachment', 'attachment.mediaId', 'attachment.fileName']) {
      map[`options[${index}].${field}`] = `${base}.attachment`;
    }
  });
  return map;
}
