/** Query keys of the webhooks screen. */
export const WEBHOOKS_KEY = ['webhooks'] as const;

export const webhookKeys = {
  list: () => [...WEBHOOKS_KEY, 'list'] as const,
  deliveriesOf: (webhookId: number) => [...WEBHOOKS_KEY, 'deliveries', webhookId] as const,
};
