/**
 * What the reply form checks before sending, as the server does (docs/quick-replies.md): a
 * shortcut of 1 to 40 letters without accents, digits, `-` and `_` (a leading `/` dropped, capitals
 * lowered, as the server does too), a text of 1 to 4096 characters whose `{{…}}` are all known
 * variables — which may be empty when the reply sends a file (it is the caption then) —, and a
 * template's values, each filled, with known variables only. The server has the last word (its 422s
 * show under the same fields).
 */
import {
  fillVariables,
  greetingAt,
  MAX_QUICK_REPLY_BODY,
  MAX_SHORTCUT,
  QUICK_REPLY_VARIABLES,
  unknownVariables,
  variableToken,
} from '../../lib/quick-replies';

const SHORTCUT = new RegExp(`^[a-z0-9_-]{1,${MAX_SHORTCUT}}$`);

/** The shortcut as the server keeps it: trimmed, without a leading `/`, lowercase. */
export function normalizeShortcut(typed: string): string {
  return typed.trim().replace(/^\//, '').toLowerCase();
}

export function shortcutError(typed: string): string | null {
  const shortcut = normalizeShortcut(typed);
  if (shortcut === '') return 'Informe o atalho.';
  if (!SHORTCUT.test(shortcut)) return `Use até ${MAX_SHORTCUT} letras sem acento, números, - ou _, sem espaços.`;
  return null;
}

/** Why a text's `{{…}}` cannot stay: the ones that are no variable. */
function unknownVariablesError(text: string): string | null {
  const unknown = unknownVariables(text);
  if (unknown.length === 0) return null;
  const known = QUICK_REPLY_VARIABLES.map((variable) => variableToken(variable.name)).join(', ');
  const named = unknown.map(variableToken).join(', ');
  return `${unknown.length === 1 ? 'Variável desconhecida' : 'Variáveis desconhecidas'}: ${named}. Use ${known}.`;
}

/** The text's error; `optional`: the reply sends a file, the text is its caption and may be empty. */
export function bodyError(typed: string, optional = false): string | null {
  const body = typed.trim();
  if (body === '') return optional ? null : 'Informe o texto.';
  if (body.length > MAX_QUICK_REPLY_BODY) {
    return `Use no máximo ${MAX_QUICK_REPLY_BODY.toLocaleString('pt-BR')} caracteres.`;
  }
  return unknownVariablesError(body);
}

/** A template's value's error: it must be filled, and hold known variables only. */
export function parameterError(typed: string): string | null {
  const value = typed.trim();
  if (value === '') return 'Preencha o parâmetro.';
  return unknownVariablesError(value);
}

/** The example the preview fills the variables with. */
export const EXAMPLE_CUSTOMER = 'Maria Souza';
export const EXAMPLE_PROTOCOL = '20261205ABC12';
export const EXAMPLE_DEPARTMENT = 'Vendas';

/** The text as a customer would read it, with example values (the agent: `agent`; the greeting: now's). */
export function previewText(body: string, agent: string, now: Date): string {
  return fillVariables(body, {
    nome: EXAMPLE_CUSTOMER,
    primeiro_nome: EXAMPLE_CUSTOMER.split(' ')[0],
    protocolo: EXAMPLE_PROTOCOL,
    atendente: agent || 'Você',
    departamento: EXAMPLE_DEPARTMENT,
    saudacao: greetingAt(now),
  });
}
