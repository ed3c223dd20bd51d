/**
 * How the screen names a campaign's status, why it is paused, and which moves each status allows
 * (docs/campaigns.md, "Moves"), in pt_BR.
 */
import type { CampaignAction } from './api/campaign-action';
import type { Campaign } from './api/schemas';

export const CAMPAIGN_STATUS_LABELS: Record<string, string> = {
  draft: 'Rascunho',
  scheduled: 'Agendada',
  running: 'Enviando',
  paused: 'Pausada',
  finished: 'Concluída',
  cancelled: 'Cancelada',
};

export const CAMPAIGN_STATUS_COLORS: Record<string, string> = {
  draft: 'gray',
  scheduled: 'violet',
  running: 'blue',
  paused: 'orange',
  finished: 'teal',
  cancelled: 'red',
};

export function campaignStatusLabel(status: string): string {
  return CAMPAIGN_STATUS_LABELS[status] ?? status;
}

const PAUSED_REASONS: Record<string, string> = {
  instance_disconnected: 'a instância desconectou',
};

/**
 * "Pausada: a instância desconectou" for a campaign the server paused, "Pausada" for one paused by
 * a person; the status label otherwise.
 */
export function statusText(campaign: Pick<Campaign, 'status' | 'pausedReason'>): string {
  const label = campaignStatusLabel(campaign.status);
  if (campaign.status !== 'paused' || !campaign.pausedReason) return label;
  return `${label}: ${PAUSED_REASONS[campaign.pausedReason] ?? campaign.pausedReason}`;
}

/** pt_BR of a recipient's failure `reason`, when the server sends no `reasonText`. */
export const REASON_LABELS: Record<string, string> = {
  blacklisted: 'Cliente na lista de bloqueio',
  invalid_phone: 'Telefone inválido',
  provider_rejected: 'O provedor recusou a mensagem',
  provider_unreachable: 'O provedor não respondeu',
  not_delivered: 'Mensagem não entregue',
};

/** The moves a campaign's status allows (docs/campaigns.md, "Moves"); retry only with failures. */
export function allowedActions(campaign: Pick<Campaign, 'status' | 'counts'>): CampaignAction[] {
  switch (campaign.status) {
    case 'draft':
      return ['start', 'cancel'];
    case 'scheduled':
      return ['cancel'];
    case 'running':
      return ['pause', 'cancel'];
    case 'paused':
      return ['resume', 'cancel'];
    case 'finished':
      return campaign.counts.failed > 0 ? ['retry-failed'] : [];
    default:
      return [];
  }
}

export const ACTION_LABELS: Record<CampaignAction, string> = {
  start: 'Iniciar',
  pause: 'Pausar',
  resume: 'Retomar',
  cancel: 'Cancelar campanha',
  'retry-failed': 'Reenviar falhas',
};

/** The toast after a move succeeded. */
export const ACTION_DONE: Record<CampaignAction, string> = {
  start: 'Campanha iniciada',
  pause: 'Campanha pausada',
  resume: 'Campanha retomada',
  cancel: 'Campanha cancelada',
  'retry-failed': 'Falhas de volta à fila',
};
