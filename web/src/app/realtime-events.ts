/**
 * What the interface does with each realtime event besides the inbox's own updates
 * (features/inbox/realtime.ts): a pt_BR notification for the few that need one, and the queries
 * an event makes stale. Payloads as the server sends them (server/src/domain/events.rs).
 *
 * The inbox shows its events where they belong (the queue, the conversation), so they are not
 * toasted: only a transfer addressed to the user, and notices for the staff (e.g. the monthly
 * ticket limit reached), are. A mention of the user in a note (`UserMentioned`) is toasted too, and
 * refreshes the header's "Menções" (features/mentions).
 */
import type { QueryKey } from '@tanstack/react-query';
import { campaignKeys } from '../features/campaigns/keys';
import { inboxKeys } from '../features/inbox/keys';
import { isOffer, OFFER_TITLE, offerSeconds } from '../features/inbox/offer';
import { STATUS_LABELS } from '../features/instances/api/get-instances';
import { mentionNotice } from '../features/mentions/labels';
import { ORDER_CHANGED_EVENT } from '../features/orders/realtime';
import { MENTIONS_READ_EVENT, mentionOf, USER_MENTIONED_EVENT } from '../features/mentions/realtime';
import { scheduledMessageKeys } from '../features/scheduled-messages/keys';
import {
  describeScheduledChange,
  SCHEDULED_MESSAGE_EVENT,
  scheduledChangeAlert,
} from '../features/scheduled-messages/realtime';
import { analyticsKeys } from '../features/analytics/keys';
import { USERS_QUERY_KEY } from '../features/users/api/get-users';
import { INSTANCES_QUERY_KEY } from '../lib/query-keys';
import { presenceChangeOf, statusText, USER_STATUS_CHANGED_EVENT } from '../lib/presence';
import type { RealtimeEvent } from '../lib/realtime';
import { TICKET_SLA_CHANGED_EVENT } from '../lib/sla';
import { TAGS_CHANGED_EVENT } from '../lib/tags';

export interface EventNotice {
  title: string;
  message: string;
  color: string;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function num(source: Record<string, unknown>, field: string): string {
  const value = source[field];
  return typeof value === 'number' || typeof value === 'string' ? String(value) : '?';
}

function text(source: Record<string, unknown>, field: string): string | null {
  const value = source[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** "Maria Souza (#12)": the customer of an event's ticket, or the ticket's number. */
function ticketName(event: RealtimeEvent): string {
  const ticket = record(event.ticket);
  const customer = text(record(ticket.customer), 'name');
  const id = ticket.id ?? event.ticket_id;
  const number = typeof id === 'number' || typeof id === 'string' ? `#${id}` : '';
  return customer ? `${customer}${number ? ` (${number})` : ''}` : `o ticket ${number || '?'}`;
}

const ACK_LABELS: Record<string, string> = {
  queued: 'na fila',
  sent: 'enviada',
  delivered: 'entregue',
  read: 'lida',
  failed: 'falhou',
};

/** The notification of an event, or null for an event this app does not know (logged by the caller). */
export function describeRealtimeEvent(event: RealtimeEvent): EventNotice | null {
  switch (event.event) {
    case 'CampaignUpdated':
      return {
        color: 'blue',
        title: 'Campanha atualizada',
        message: `Campanha #${num(event, 'campaign_id')}: ${text(event, 'status') ?? 'sem status'}.`,
      };
    case 'ChatNotification': {
      const notice = text(event, 'notice');
      if (notice) return { color: 'orange', title: 'Aviso', message: notice };
      const body = text(record(event.message), 'body') ?? text(event, 'message');
      return { color: 'blue', title: 'Nova mensagem', message: body ?? `Mensagem de ${ticketName(event)}.` };
    }
    case 'ChatTicketClosed':
      return {
        color: 'gray',
        title: 'Atendimento encerrado',
        message: `O atendimento de ${ticketName(event)} foi encerrado.`,
      };
    case 'ChatTicketTransferred':
      return {
        color: 'teal',
        title: 'Atendimento assumido',
        message: `O atendimento de ${ticketName(event)} tem um novo responsável.`,
      };
    case 'TicketAssigned': {
      // The toast of app/realtime.ts (features/inbox/assignment-notice.ts) says this with a button.
      const reason = text(event, 'reason');
      return {
        color: 'teal',
        title: 'Novo atendimento para você',
        message: `${ticketName(event)}${reason ? `: ${reason}` : '.'}`,
      };
    }
    case TICKET_SLA_CHANGED_EVENT: {
      // The toasts of app/realtime.ts (features/inbox/sla-notice.ts) say this with a button.
      const state = text(event, 'state');
      return state === 'breached'
        ? { color: 'red', title: 'SLA estourado', message: `O atendimento de ${ticketName(event)} passou do prazo.` }
        : state === 'at_risk'
          ? {
              color: 'orange',
              title: 'Atendimento em risco de estourar o SLA',
              message: `O atendimento de ${ticketName(event)} está perto do prazo.`,
            }
          : {
              color: 'gray',
              title: 'SLA atualizado',
              message: `O atendimento de ${ticketName(event)} está dentro do prazo.`,
            };
    }
    case 'ChatTicketTransferring':
      return {
        color: 'yellow',
        title: 'Atendimento em transferência',
        message: `O atendimento de ${ticketName(event)} está sendo transferido.`,
      };
    case 'CustomersMerged':
      return {
        color: 'blue',
        title: 'Clientes unidos',
        message: `O cliente #${num(event, 'merged_customer_id')} agora é parte do cliente #${num(event, 'customer_id')}.`,
      };
    case 'CustomerBlacklisted':
      return event.blacklisted === false
        ? {
            color: 'teal',
            title: 'Cliente liberado',
            message: `O cliente #${num(event, 'customer_id')} saiu da lista de bloqueio.`,
          }
        : {
            color: 'red',
            title: 'Cliente bloqueado',
            message: `O cliente #${num(event, 'customer_id')} entrou na lista de bloqueio.`,
          };
    case 'CustomerChatCreated':
      return { color: 'blue', title: 'Novo atendimento', message: `${ticketName(event)} está aguardando.` };
    case 'CustomerChatAckChanged': {
      const ack = text(event, 'ack');
      return {
        color: 'gray',
        title: 'Mensagem atualizada',
        message: `Mensagem #${num(event, 'message_id')}: ${ack ? (ACK_LABELS[ack] ?? ack) : 'novo status'}.`,
      };
    }
    case 'ChatMessageUpdated':
      return {
        color: 'gray',
        title: 'Mensagem atualizada',
        message: `Mensagem #${num(record(event.message), 'id')} de ${ticketName(event)}.`,
      };
    case 'ChatMessageReaction':
      return {
        color: 'gray',
        title: 'Nova reação',
        message: `Reação à mensagem #${num(event, 'message_id')} de ${ticketName(event)}.`,
      };
    case 'ChatTicketTransfer': {
      const transfer = record(event.transfer);
      const note = text(transfer, 'note');
      if (isOffer(transfer)) {
        // The distribution's offer (features/inbox/offer.ts): nobody asked, there is a time to accept.
        const seconds = offerSeconds(note);
        return {
          color: 'yellow',
          title: OFFER_TITLE,
          message: `O atendimento de ${ticketName(event)} foi oferecido a você${seconds === null ? '.' : `: aceite em até ${seconds} s.`}`,
        };
      }
      const from = text(record(transfer.fromUser), 'name');
      return {
        color: 'yellow',
        title: 'Pedido de transferência',
        message: `${from ?? 'Alguém'} quer transferir para você o atendimento de ${ticketName(event)}${note ? `: ${note}` : '.'}`,
      };
    }
    case 'CustomerCreatedToChat': {
      const customer = record(event.customer);
      return {
        color: 'blue',
        title: 'Novo cliente',
        message: `${text(customer, 'name') ?? `O cliente #${num(customer, 'id')}`} escreveu pela primeira vez.`,
      };
    }
    case 'GroupOfCustomersUpdated':
      return {
        color: 'blue',
        title: 'Grupo de clientes atualizado',
        message: `${text(event, 'name') ?? `O grupo #${num(event, 'group_id')}`} mudou.`,
      };
    case 'InstanceUpdated': {
      const instance = record(event.instance);
      const id = typeof instance.id === 'number' || typeof instance.id === 'string' ? instance.id : '?';
      const name = typeof instance.name === 'string' ? instance.name : `#${id}`;
      const status = typeof instance.status === 'string' ? (STATUS_LABELS[instance.status] ?? instance.status) : null;
      const state = instance.activated === false ? 'inativa' : status ? status.toLowerCase() : 'atualizada';
      return { color: 'blue', title: 'Instância atualizada', message: `${name}: ${state}.` };
    }
    case 'InstancePairingCode':
      return {
        color: 'blue',
        title: 'Novo código de pareamento',
        message: `A instância #${num(event, 'instanceId')} tem um QR code novo.`,
      };
    case 'DeleteChatTicketTransfer': {
      const status = text(record(event.transfer), 'status');
      return {
        color: 'gray',
        title: status === 'rejected' ? 'Transferência recusada' : 'Transferência cancelada',
        message: `A transferência do atendimento de ${ticketName(event)} ${status === 'rejected' ? 'foi recusada' : 'foi cancelada'}.`,
      };
    }
    // An internal note joined a conversation: the inbox shows it in place (features/inbox/realtime.ts).
    case 'ChatNoteAdded':
      return {
        color: 'gray',
        title: 'Nova anotação interna',
        message: `Anotação interna no atendimento #${num(event, 'ticket_id')}.`,
      };
    case USER_MENTIONED_EVENT: {
      const mention = mentionOf(event);
      return {
        color: 'indigo',
        ...(mention
          ? mentionNotice(mention)
          : { title: 'Nova menção', message: 'Alguém mencionou você numa anotação interna.' }),
      };
    }
    case MENTIONS_READ_EVENT: {
      const unread = typeof event.unread === 'number' ? event.unread : null;
      return {
        color: 'gray',
        title: 'Menções lidas',
        message: unread === null ? 'Suas menções mudaram.' : `Menções não lidas: ${unread}.`,
      };
    }
    // A scheduled message was sent, failed or cancelled because the customer wrote first.
    case SCHEDULED_MESSAGE_EVENT:
      return describeScheduledChange(event);
    // Tags (docs/tags.md): the queue, the conversation, the customer panel and the board show them
    // in place (features/inbox/realtime.ts, lib/tags.ts).
    case 'TicketTagsChanged':
      return {
        color: 'gray',
        title: 'Etiquetas atualizadas',
        message: `As etiquetas do atendimento de ${ticketName(event)} mudaram.`,
      };
    case 'CustomerTagsChanged':
      return {
        color: 'gray',
        title: 'Etiquetas atualizadas',
        message: `As etiquetas do cliente #${num(event, 'customer_id')} mudaram.`,
      };
    case TAGS_CHANGED_EVENT:
      return { color: 'gray', title: 'Etiquetas atualizadas', message: 'As etiquetas da empresa mudaram.' };
    // An order (docs/orders.md): the customer panel's "Pedidos" shows it in place (features/orders).
    case ORDER_CHANGED_EVENT: {
      const order = record(event.order);
      return {
        color: 'gray',
        title: 'Pedido atualizado',
        message: `Pedido #${num(order, 'id')} do cliente #${num(order, 'customerId')}.`,
      };
    }
    case 'UserConnected':
    case 'UserDisconnected':
    case USER_STATUS_CHANGED_EVENT: {
      // "Usuário #5 está ausente · almoço." (lib/presence.ts).
      const change = presenceChangeOf(event);
      const status = change
        ? statusText({ status: change.status, reason: change.reason ?? null }).toLowerCase()
        : 'com status novo';
      return {
        color: 'gray',
        title: 'Status atualizado',
        message: `Usuário #${num(event, 'user_id')} está ${status}.`,
      };
    }
    default:
      return null;
  }
}

/** Who receives a notice: the user's id and department (a transfer may be to either). */
export interface NoticeViewer {
  id: number;
  departmentId: number | null;
}

/**
 * The notification to show for an event, or null: the inbox shows its own events in place, so
 * only a transfer addressed to the user and a notice for the staff are toasted, besides the
 * events of other screens (instances). Campaigns' progress is not toasted (see app/realtime.ts).
 */
export function noticeFor(event: RealtimeEvent, viewer: NoticeViewer): EventNotice | null {
  switch (event.event) {
    case 'ChatNotification':
      return text(event, 'notice') ? describeRealtimeEvent(event) : null;
    case 'ChatTicketTransfer': {
      const transfer = record(event.transfer);
      const toUser = record(transfer.toUser).id;
      const toDepartment = record(transfer.toDepartment).id;
      const forMe =
        toUser === viewer.id ||
        (viewer.departmentId !== null && toDepartment === viewer.departmentId && toUser == null);
      return forMe ? describeRealtimeEvent(event) : null;
    }
    case 'CustomerCreatedToChat':
    case 'CustomerChatCreated':
    case 'CustomerChatAckChanged':
    case 'ChatMessageUpdated':
    case 'ChatMessageReaction':
    case 'ChatTicketTransferring':
    case 'ChatTicketTransferred':
    case 'DeleteChatTicketTransfer':
    case 'ChatTicketClosed':
    case 'CustomerBlacklisted':
    case 'CustomersMerged':
    case 'CustomerChanged':
    case 'GroupOfCustomersUpdated':
      return null;
    // Toasted with its "Abrir conversa" by app/realtime.ts (features/inbox/assignment-notice.ts).
    case 'TicketAssigned':
      return null;
    // Toasted, to whom it concerns, by app/realtime.ts (features/inbox/sla-notice.ts); the queue,
    // the conversation and the control panel show it in place.
    case TICKET_SLA_CHANGED_EVENT:
      return null;
    // The users list, the control panel and the header show presence in place
    // (features/presence/realtime.ts tells the user concerned when someone else changed it).
    case 'UserConnected':
    case 'UserDisconnected':
    case USER_STATUS_CHANGED_EVENT:
      return null;
    // Up to ~4 a second per campaign: the campaigns screen shows them live, and app/realtime.ts
    // tells only a campaign finishing or paused (features/campaigns/realtime.ts).
    case 'CampaignUpdated':
      return null;
    // Shown in the open "Conectar número" dialog (features/instances/pairing-codes.ts).
    case 'InstancePairingCode':
      return null;
    // An internal note shows in its conversation; reading mentions in another tab moves the badge.
    case 'ChatNoteAdded':
    case MENTIONS_READ_EVENT:
      return null;
    // Tags show where they are used (the queue, the conversation, the board, the tags screen).
    case 'TicketTagsChanged':
    case 'CustomerTagsChanged':
    case TAGS_CHANGED_EVENT:
      return null;
    // An order shows in the customer panel's "Pedidos" (features/orders/realtime.ts).
    case ORDER_CHANGED_EVENT:
      return null;
    // "{author} mencionou você" (the badge and the list follow: queriesToRefresh).
    case USER_MENTIONED_EVENT:
      return describeRealtimeEvent(event);
    // Only a failure and a cancel because the customer wrote first (the screen's list shows the rest).
    case SCHEDULED_MESSAGE_EVENT:
      return scheduledChangeAlert(event);
    default:
      return describeRealtimeEvent(event);
  }
}

/** Queries an event makes stale besides the inbox's (which features/inbox/realtime.ts keeps). */
export function queriesToRefresh(event: RealtimeEvent): QueryKey[] {
  switch (event.event) {
    case 'InstanceUpdated':
      // Every instance list, the inbox's filter included (an instance may have been renamed).
      return [INSTANCES_QUERY_KEY, inboxKeys.instances()];
    case 'GroupOfCustomersUpdated':
      // The campaign form's groups (names and member counts).
      return [campaignKeys.groups()];
    case 'UserConnected':
    case 'UserDisconnected':
      // The users list's "Online" badges (the header's own status is written by features/presence;
      // the control panel reads these again after a burst, features/analytics/realtime.ts).
      return [USERS_QUERY_KEY];
    case USER_STATUS_CHANGED_EVENT:
      // Also Ausente (docs/service-levels.md#agent-status), which no other event reports: the users
      // list and the control panel's agents (status, reason, since).
      return [USERS_QUERY_KEY, analyticsKeys.controlPanel()];
    // UserMentioned and MentionsRead: the header's "Menções" writes them into its badge and lists
    // itself (features/mentions/realtime.ts, handed over by app/realtime.ts): nothing to read again.
    case SCHEDULED_MESSAGE_EVENT:
      // The scheduled messages screen: the message moves to its new status's list.
      return [scheduledMessageKeys.all()];
    default:
      return [];
  }
}
