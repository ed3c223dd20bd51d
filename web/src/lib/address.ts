/**
 * A customer's address and identities as every screen shows them (docs/inbox.md#identities). The
 * API's `phone` is the address replies go to: a `+digits` phone when one is known, otherwise the id
 * WhatsApp gives instead — a BSUID (`BR.1502…`) when a username hides the number, a LID
 * (`1203…@lid`) on a QR gateway, or a kept group chat (`1203…@g.us`) — and, once the customer is
 * erased, `anonimizado-{id}` (docs/privacy.md#erasure). Only a phone is formatted as a phone.
 */
import { formatPhone } from './phone';

/** What a customer whose number WhatsApp hides shows instead of a phone. */
export const HIDDEN_NUMBER = 'Número oculto';

/** What a group chat a gateway number keeps shows instead of a phone. */
export const GROUP_CHAT = 'Grupo do WhatsApp';

/**
 * What an erased customer shows instead of a phone (docs/privacy.md#erasure: their phone becomes
 * `anonimizado-{id}`, so nobody is ever found by it again).
 */
export const ERASED_ADDRESS = 'Dados removidos (LGPD)';
const ERASED_PREFIX = 'anonimizado-';

/** The address an erased customer is left with (`anonimizado-{id}`): no one's, never shown as an id. */
export function isErasedAddress(address: string): boolean {
  return address.startsWith(ERASED_PREFIX);
}

/** A customer's address as shown: the phone, or what stands for it and the id. */
export interface AddressView {
  /** `+55 11 98765-4321`, `Número oculto` or `Grupo do WhatsApp`. */
  text: string;
  /** The id when there is no phone (shown secondary, `ID: BR.1502…`); null for a phone. */
  id: string | null;
}

export function formatAddress(address: string): AddressView {
  if (isErasedAddress(address)) return { text: ERASED_ADDRESS, id: null };
  if (address.startsWith('+')) return { text: formatPhone(address), id: null };
  return { text: address.endsWith('@g.us') ? GROUP_CHAT : HIDDEN_NUMBER, id: address };
}

/** The address on one line of plain text: `+55 11 98765-4321`, or `Número oculto · ID: BR.1502…`. */
export function addressLine(address: string): string {
  const { text, id } = formatAddress(address);
  return id === null ? text : `${text} · ID: ${id}`;
}

/** The customer's name, or their phone (or what stands for it) when the provider gave none. */
export function displayName(customer: { name: string; phone: string }): string {
  const name = customer.name.trim();
  if (name) return name;
  return customer.phone.startsWith('+') ? customer.phone : formatAddress(customer.phone).text;
}

const IDENTITY_LABELS: Record<string, string | undefined> = {
  phone: 'Telefone',
  bsuid: 'Usuário do WhatsApp (BSUID)',
  lid: 'ID vinculado (LID)',
  group: GROUP_CHAT,
};

/** `Telefone`, `Usuário do WhatsApp (BSUID)`, `ID vinculado (LID)`, `Grupo do WhatsApp`; an unknown kind as it is. */
export function identityLabel(kind: string): string {
  return IDENTITY_LABELS[kind] ?? kind;
}

/** An identity's value as shown: a phone formatted as everywhere else, an id as it is. */
export function identityValue(identity: { kind: string; value: string }): string {
  return identity.kind === 'phone' ? formatPhone(identity.value) : identity.value;
}
