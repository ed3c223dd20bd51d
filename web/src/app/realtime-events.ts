//! What the interface does with each realtime event (spec §7 leaves it "not shown"; DESIGN §7):
//! a pt_BR notification, and the queries the event makes stale. Payload fields as in
//! docs/realtime.md.
import type { QueryKey } from '@tanstack/react-query';
import { STATUS_LABELS } from '../features/instances/api/get-instances';
import { INSTANCES_QUERY_KEY } from '../lib/query-keys';
import type { RealtimeEvent } from '../lib/realtime';

export interface EventNotice {
  title: string;
  message: string;
  color: string;
}

function num(event: RealtimeEvent, field: string): string {
  const value = event[field];
  return typeof value === 'number' || typeof value === 'string' ? String(value) : '?';
}

function text(event: RealtimeEvent, field: string): string | null {
  const value = event[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

const ACK_LABELS: Record<string, string> = { sent: 'enviada', delivered: 'entregue', read: 'lida', failed: 'falhou' };

/** The notification of an event, or null for an event this app does not know (logged by the caller). */
export function describeRealtimeEvent(event: RealtimeEvent): EventNotice | null {
  switch (event.event) {
    case 'CampaignUpdated':
      return { color: 'blue', title: 'Campanha atualizada', message: `Campanha #${num(event, 'campaign_id')}: ${text(event, 'status') ?? 'sem status'}.` };
    case 'ChatNotification':
      return { color: 'blue', title: 'Nova mensagem', message: text(event, 'message') ?? `Conversa #${num(event, 'chat_id')}.` };
    case 'ChatTicketClosed':
      return { color: 'gray', title: 'Ticket encerrado', message: `O ticket #${num(event, 'ticket_id')} foi encerrado.` };
    case 'ChatTicketTransferred':
      return { color: 'teal', title: 'Ticket transferido', message: `O ticket #${num(event, 'ticket_id')} foi transferido.` };
    case 'ChatTicketTransferring':
      return { color: 'yellow', title: 'Ticket em transferência', message: `O ticket #${num(event, 'ticket_id')} está sendo transferido.` };
    case 'CustomerBlacklisted':
      return event.blacklisted === false
        ? { color: 'teal', title: 'Cliente liberado', message: `O cliente #${num(event, 'customer_id')} saiu da lista de bloqueio.` }
        : { color: 'red', title: 'Cliente bloqueado', message: `O cliente #${num(event, 'customer_id')} entrou na lista de bloqueio.` };
    case 'CustomerChatCreated':
      return { color: 'blue', title: 'Nova conversa', message: `Conversa #${num(event, 'chat_id')} com o cliente #${num(event, 'customer_id')}.` };
    case 'CustomerChatAckChanged': {
      const ack = text(event, 'ack');
      return { color: 'gray', title: 'Mensagem atualizada', message: `Mensagem #${num(event, 'message_id')}: ${ack ? (ACK_LABELS[ack] ?? ack) : 'novo status'}.` };
    }
    case 'ChatTicketTransfer':
      return { color: 'yellow', title: 'Pedido de transferência', message: `Pedido de transferência do ticket #${num(event, 'ticket_id')}.` };
    case 'CustomerCreatedToChat':
      return { color: 'blue', title: 'Cliente na conversa', message: `O cliente #${num(event, 'customer_id')} entrou na conversa #${num(event, 'chat_id')}.` };
    case 'GroupOfCustomersUpdated':
      return { color: 'blue', title: 'Grupo de clientes atualizado', message: `O grupo #${num(event, 'group_id')} mudou.` };
    case 'InstanceUpdated': {
      const instance = typeof event.instance === 'object' && event.instance !== null ? (event.instance as Record<string, unknown>) : {};
      const name = typeof instance.name === 'string' ? instance.name : `#${String(instance.id ?? '?')}`;
      const status = typeof instance.status === 'string' ? (STATUS_LABELS[instance.status] ?? instance.status) : null;
      const state = instance.activated === false ? 'inativa' : status ? status.toLowerCase() : 'atualizada';
      return { color: 'blue', title: 'Instância atualizada', message: `${name}: ${state}.` };
    }
    case 'DeleteChatTicketTransfer':
      return { color: 'gray', title: 'Transferência cancelada', message: `A transferência do ticket #${num(event, 'ticket_id')} foi cancelada.` };
    default:
      return null;
  }
}

/** Queries an event makes stale (only instances have screens today). */
export function queriesToRefresh(event: RealtimeEvent): QueryKey[] {
  switch (event.event) {
    case 'InstanceUpdated':
      return [INSTANCES_QUERY_KEY];
    default:
      return [];
  }
}
