/**
 * The socket's `ScheduledMessageChanged {scheduled}`, to the message's author: it was sent, it
 * failed (`error`, pt_BR) or it was cancelled because the customer wrote first. app/realtime-events.ts
 * makes it known, has every list of scheduled messages read again (`scheduledMessageKeys.all()`)
 * and toasts only a failure and an automatic cancel.
 */
import type { RealtimeEvent } from '../../lib/realtime';

export const SCHEDULED_MESSAGE_EVENT = 'ScheduledMessageChanged';

export interface ScheduledChangeNotice {
  title: string;
  message: string;
  color: string;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function text(source: Record<string, unknown>, field: string): string | null {
  const value = source[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** What the event says (read leniently: a field it lacks gets a plain wording). */
export function describeScheduledChange(event: RealtimeEvent): ScheduledChangeNotice {
  const scheduled = record(event.scheduled);
  const customer = record(scheduled.customer);
  const name = text(customer, 'name') ?? text(customer, 'phone') ?? 'o cliente';
  switch (text(scheduled, 'status')) {
    case 'failed':
      return {
        color: 'red',
        title: 'Mensagem agendada não enviada',
        message: `Para ${name}: ${text(scheduled, 'error') ?? 'o envio falhou.'}`,
      };
    case 'cancelled':
      return text(scheduled, 'cancelReason') === 'customer_wrote'
        ? { color: 'yellow', title: 'Agendamento cancelado', message: `${name} escreveu antes do envio.` }
        : { color: 'gray', title: 'Agendamento cancelado', message: `A mensagem para ${name} não será enviada.` };
    case 'sent':
      return { color: 'teal', title: 'Mensagem agendada enviada', message: `A mensagem para ${name} foi enviada.` };
    default:
      return { color: 'gray', title: 'Agendamento atualizado', message: `O agendamento para ${name} mudou.` };
  }
}

/** The toast the author gets: a failure, or a cancel because the customer wrote first; else null. */
export function scheduledChangeAlert(event: RealtimeEvent): ScheduledChangeNotice | null {
  const scheduled = record(event.scheduled);
  const status = text(scheduled, 'status');
  const autoCancelled = status === 'cancelled' && text(scheduled, 'cancelReason') === 'customer_wrote';
  return status === 'failed' || autoCancelled ? describeScheduledChange(event) : null;
}
