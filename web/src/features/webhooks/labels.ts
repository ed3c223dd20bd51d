/**
 * How the webhooks screen names events, delivery statuses and why an endpoint was switched off
 * (pt_BR). `campaign.status` is the one event an endpoint can subscribe to (docs/campaigns.md);
 * `webhook.test` is what "Enviar teste" sends.
 */
export const WEBHOOK_EVENTS = [
  {
    value: 'campaign.status',
    label: 'Status de campanha (campaign.status)',
    description: 'Cada mudança de situação de um destinatário de campanha.',
  },
] as const;

const EVENT_LABELS: Record<string, string> = {
  'campaign.status': 'Status de campanha',
  'webhook.test': 'Teste',
};

export function eventLabel(event: string): string {
  return EVENT_LABELS[event] ?? event;
}

export const DELIVERY_STATUS_LABELS: Record<string, string> = {
  pending: 'Na fila',
  delivered: 'Entregue',
  failed: 'Falhou',
  disabled: 'Não enviada (endpoint desativado)',
};

export const DELIVERY_STATUS_COLORS: Record<string, string> = {
  pending: 'blue',
  delivered: 'teal',
  failed: 'red',
  disabled: 'gray',
};

export function deliveryStatusLabel(status: string): string {
  return DELIVERY_STATUS_LABELS[status] ?? status;
}

/**
 * Why an endpoint is off. The server words it in pt_BR ("Desativado por um administrador.",
 * "20 entregas seguidas falharam em todas as tentativas: desativado."); a bare code is named here.
 */
const DISABLED_REASONS: Record<string, string> = {
  failures: 'Desativado depois de entregas seguidas que falharam.',
  too_many_failures: 'Desativado depois de entregas seguidas que falharam.',
  manual: 'Desativado por um administrador.',
};

export function disabledReasonText(reason: string | null): string {
  if (!reason) return 'Desativado.';
  return DISABLED_REASONS[reason] ?? reason;
}
