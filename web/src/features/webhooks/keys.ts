/** Query keys of the webhooks screen. */
export const WEBHOOKS_KEY = ['webhooks'] as const;

export const webhookKeys = {
  list: () => [...WEBHOOKS_KEY, 'list'] as const,
  /** Every read of an endpoint's log, whatever its filter (to invalidate or remove them all). */
  deliveriesOf: (webhookId: number) => [...WEBHOOKS_KEY, 'deliveries', webhookId] as const,
  /** An endpoint's log of one event type (null: every event). */
  deliveries: (webhookId: number, eventType: string | null) =>
    [...webhookKeys.deliveriesOf(webhookId), eventType ?? 'all'] as const,
};
