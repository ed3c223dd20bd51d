/** How the customers screen names things (pt_BR). */
import type { Customer } from './api/schemas';

/** The customer's name, or their phone when the provider gave none. */
export function displayName(customer: Pick<Customer, 'name' | 'phone'>): string {
  return customer.name.trim() || customer.phone;
}

/** `1 cliente`, `1.234 clientes`. */
export function customersCount(count: number): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? 'cliente' : 'clientes'}`;
}
