/** How the customers screen names things (pt_BR). */
import { formatPhone } from '../../lib/phone';
import type { Customer, IdentityKind } from './api/schemas';

/** What a customer whose number WhatsApp hides shows instead of a phone. */
export const HIDDEN_NUMBER = 'Número oculto';

/** A customer's address as shown: the phone, or "Número oculto" and the id that stands for it. */
export interface AddressView {
  /** `+55 11 98765-4321`, or `Número oculto`. */
  text: string;
  /** The BSUID or LID when the number is hidden (shown secondary, `ID: BR.1502…`); null for a phone. */
  id: string | null;
}

/**
 * A customer's address (`phone`): a `+digits` phone is formatted; anything else is the id WhatsApp
 * gives instead of a hidden number (a BSUID `BR.1502…`, a LID `1203…@lid`) and reads "Número
 * oculto", never as a phone.
 */
export function formatAddress(address: string): AddressView {
  return address.startsWith('+') ? { text: formatPhone(address), id: null } : { text: HIDDEN_NUMBER, id: address };
}

/** The address on one line of plain text: `+55 11 98765-4321`, or `Número oculto · ID: BR.1502…`. */
export function addressLine(address: string): string {
  const { text, id } = formatAddress(address);
  return id === null ? text : `${text} · ID: ${id}`;
}

/** The customer's name, or their phone (or "Número oculto") when the provider gave none. */
export function displayName(customer: Pick<Customer, 'name' | 'phone'>): string {
  const name = customer.name.trim();
  if (name) return name;
  return customer.phone.startsWith('+') ? customer.phone : HIDDEN_NUMBER;
}

/** `1 cliente`, `1.234 clientes`. */
export function customersCount(count: number): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? 'cliente' : 'clientes'}`;
}

/** `1 atendimento`, `12 atendimentos`. */
export function ticketsCount(count: number): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? 'atendimento' : 'atendimentos'}`;
}

/** `1 pedido`, `3 pedidos`. */
export function ordersCount(count: number): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? 'pedido' : 'pedidos'}`;
}

const IDENTITY_LABELS: Record<IdentityKind, string> = {
  phone: 'Telefone',
  bsuid: 'Usuário do WhatsApp (BSUID)',
  lid: 'ID vinculado (LID)',
};

/** `Telefone`, `Usuário do WhatsApp (BSUID)`, `ID vinculado (LID)`; an unknown kind as it is. */
export function identityLabel(kind: string): string {
  return (IDENTITY_LABELS as Record<string, string | undefined>)[kind] ?? kind;
}

/** An identity's value as shown: a phone formatted as everywhere else, an id as it is. */
export function identityValue(identity: { kind: string; value: string }): string {
  return identity.kind === 'phone' ? formatPhone(identity.value) : identity.value;
}
