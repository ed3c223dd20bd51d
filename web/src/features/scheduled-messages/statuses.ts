/**
 * The screen's statuses in pt_BR: the filter's labels, and what each list says when it is empty.
 */
import type { ScheduledStatus } from '../../lib/scheduled-messages';

export const STATUS_FILTERS: { value: ScheduledStatus; label: string }[] = [
  { value: 'scheduled', label: 'Agendadas' },
  { value: 'sent', label: 'Enviadas' },
  { value: 'cancelled', label: 'Canceladas' },
  { value: 'failed', label: 'Com falha' },
];

export const EMPTY_TEXTS: Record<ScheduledStatus, { title: string; description: string }> = {
  scheduled: {
    title: 'Nenhuma mensagem agendada',
    description:
      'Use "Novo agendamento", ou "Agendar mensagem" nos dados do cliente numa conversa, para enviar uma mensagem no dia e na hora que escolher.',
  },
  sent: {
    title: 'Nenhuma mensagem enviada ainda',
    description: 'As mensagens agendadas aparecem aqui depois de enviadas, com o link da conversa.',
  },
  cancelled: {
    title: 'Nenhum agendamento cancelado',
    description: 'Aparecem aqui os agendamentos cancelados, por alguém ou porque o cliente escreveu antes.',
  },
  failed: {
    title: 'Nenhuma falha',
    description: 'Se uma mensagem agendada não puder ser enviada, ela aparece aqui com o motivo.',
  },
};
