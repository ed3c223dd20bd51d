/**
 * Turning an API error into what a form shows: the server's pt_BR field errors next to the fields
 * they name (422 `errors[{field, message}]`, docs/contracts.md#api-conventions), and the rest as
 * one message.
 */
import { ApiError } from './http';

export interface FormErrors {
  /** Messages by form field (the server's field name mapped through `fieldMap`). */
  fields: Record<string, string>;
  /** Messages that name no known field, and the error's own message when no field matched. */
  general: string[];
  /** The error's main pt_BR message (for a toast). */
  message: string;
}

const UNEXPECTED = 'Erro inesperado. Tente novamente.';

/**
 * Splits an error into field and general messages. `fieldMap` maps the server's field names
 * (`role_id`, `providerBaseUrl`...) to the form's; a field missing from the map counts as general.
 */
export function formErrors(error: unknown, fieldMap: Record<string, string>): FormErrors {
  if (!(error instanceof ApiError)) return { fields: {}, general: [UNEXPECTED], message: UNEXPECTED };
  const fields: Record<string, string> = {};
  const general: string[] = [];
  for (const entry of error.errors) {
    const field = entry.field !== undefined ? fieldMap[entry.field] : undefined;
    if (field) fields[field] = fields[field] ? `${fields[field]} ${entry.message}` : entry.message;
    else general.push(entry.message);
  }
  if (Object.keys(fields).length === 0 && general.length === 0) general.push(error.message);
  return { fields, general, message: error.message || UNEXPECTED };
}

/** The pt_BR message of any error (ApiError keeps the server's). */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : UNEXPECTED;
}

/**
 * What a form's alert says of a refused save: the messages that name no field it shows (or the
 * error's own message), null when every message went under its field. The settings cards
 * (components/SettingsCard.tsx) show it above their fields.
 */
export function alertText(errors: FormErrors): string | null {
  const placed = Object.keys(errors.fields).length > 0;
  return placed && errors.general.length === 0 ? null : errors.general.join(' ') || errors.message;
}
