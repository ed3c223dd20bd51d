/**
 * Client checks of the user forms, in the pt_BR wording of the login form. The server checks
 * everything again and its 422 field errors replace these.
 */
import * as z from 'zod/mini';

const EmailSchema = z.email();
/** The server's limit for names (and the form's). */
export const MAX_NAME_LENGTH = 120;

export function validateName(value: string): string | null {
  const name = value.trim();
  if (name === '') return 'O campo nome é obrigatório';
  if (name.length > MAX_NAME_LENGTH) return `O campo nome deve ter no máximo ${MAX_NAME_LENGTH} caracteres`;
  return null;
}

export function validateEmail(value: string): string | null {
  const email = value.trim();
  if (email === '') return 'O campo email é obrigatório';
  return EmailSchema.safeParse(email).success ? null : 'O campo email deve ser um email válido';
}
