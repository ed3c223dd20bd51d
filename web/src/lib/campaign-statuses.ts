/**
 * A campaign recipient's statuses (docs/campaigns.md): `pending → sent → delivered → read`,
 * `replied` when the customer answers, or `failed`. Shared by the campaigns screen (its counts and
 * recipients) and the operators' "Gerar webhooks de status de campanha" (tenants), which is why
 * they live here and not in a feature.
 */

export const RECIPIENT_STATUSES = ['pending', 'sent', 'delivered', 'read', 'replied', 'failed'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

/** pt_BR, as one recipient's status ("Entregue"). */
export const RECIPIENT_STATUS_LABELS: Record<RecipientStatus, string> = {
  pending: 'Na fila',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  replied: 'Respondida',
  failed: 'Falhou',
};

/** pt_BR, as a count of recipients ("Entregues"). */
export const RECIPIENT_STATUS_PLURALS: Record<RecipientStatus, string> = {
  pending: 'Na fila',
  sent: 'Enviadas',
  delivered: 'Entregues',
  read: 'Lidas',
  replied: 'Respondidas',
  failed: 'Falharam',
};

/**
 * The colour of each status, in the progress bar and its legend (always next to the status's name
 * and number: colour never says it alone).
 */
export const RECIPIENT_STATUS_COLORS: Record<RecipientStatus, string> = {
  pending: 'gray',
  sent: 'blue',
  delivered: 'cyan',
  read: 'teal',
  replied: 'violet',
  failed: 'red',
};

export function recipientStatusLabel(status: string): string {
  return (RECIPIENT_STATUS_LABELS as Record<string, string>)[status] ?? status;
}
