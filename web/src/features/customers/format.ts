/** How the customers screen names things (pt_BR). */

export {
  HIDDEN_NUMBER,
  addressLine,
  displayName,
  formatAddress,
  identityLabel,
  identityValue,
  isErasedAddress,
} from '../../lib/address';
export type { AddressView } from '../../lib/address';

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

/** `1 mensagem`, `12 mensagens`. */
export function messagesCount(count: number): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? 'mensagem' : 'mensagens'}`;
}

/** `1 arquivo removido`, `3 arquivos removidos`. */
export function filesRemoved(count: number): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? 'arquivo removido' : 'arquivos removidos'}`;
}
