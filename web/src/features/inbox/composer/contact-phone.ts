/**
 * A contact card's phone as "Enviar contato" takes it: typed the way people write phones
 * ("+55 11 3000-1000", "(11) 3000-1000" with the country code before), sent as `+` and the
 * digits — the form the server stores (8 to 15 digits, E.164's most) and the card shows.
 */

/** What the field says when a phone cannot be one. */
export const INVALID_PHONE = 'Telefone inválido: de 8 a 15 dígitos, com DDI e DDD.';

/** `+` and the digits of a phone as typed; null unless it has 8 to 15 digits and only phone signs. */
export function normalizePhone(typed: string): string | null {
  if (!/^[\d\s+().-]+$/.test(typed.trim())) return null;
  const digits = typed.replace(/\D/g, '');
  return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
}
