/**
 * A refused save, split for the row that sent it: the server's pt_BR messages under the field they
 * name (`strategy`, `capacity`, `offerSeconds`), the rest as one message for a toast. An answer that
 * names no field is placed by its code (`invalid_capacity`, `invalid_strategy`,
 * `invalid_offer_seconds`).
 */
import { formErrors } from '../../lib/api-errors';
import { ApiError } from '../../lib/http';

export interface RowErrors {
  strategy?: string;
  capacity?: string;
  offerSeconds?: string;
}

export interface SaveFailure {
  fields: RowErrors;
  /** What no field shows (a 404, a connection failure); null when every message has its field. */
  general: string | null;
}

const FIELDS: Record<string, keyof RowErrors> = {
  strategy: 'strategy',
  capacity: 'capacity',
  offerSeconds: 'offerSeconds',
};
const CODE_FIELDS: Record<string, keyof RowErrors> = {
  invalid_strategy: 'strategy',
  invalid_capacity: 'capacity',
  invalid_offer_seconds: 'offerSeconds',
};

export function saveFailure(error: unknown): SaveFailure {
  const errors = formErrors(error, FIELDS);
  const fields: RowErrors = { ...errors.fields };
  if (Object.keys(fields).length === 0 && error instanceof ApiError) {
    const field = CODE_FIELDS[error.code];
    if (field) return { fields: { [field]: error.message }, general: null };
  }
  const general = Object.keys(fields).length > 0 ? null : errors.message;
  return { fields, general };
}

/** Whether a typed number is a whole number from `min` to `max`. */
function inRange(value: number | string, min: number, max: number): boolean {
  const number = typeof value === 'number' ? value : Number(value);
  return value !== '' && Number.isInteger(number) && number >= min && number <= max;
}

/** The error of a typed capacity, in pt_BR (the server's words), or null when it can be sent. */
export function capacityError(value: number | string, min: number, max: number): string | null {
  return inRange(value, min, max) ? null : `Capacidade inválida: de ${min} a ${max} atendimentos.`;
}

/**
 * The error of a typed offer time, in pt_BR, or null when it can be sent. The server says "ou vazio
 * para atribuir direto"; here giving directly is the switch turned off.
 */
export function offerSecondsError(value: number | string, min: number, max: number): string | null {
  return inRange(value, min, max)
    ? null
    : `Tempo da oferta inválido: de ${min} a ${max} segundos, ou desligue a oferta para atribuir direto.`;
}
