/**
 * The webhook API's shapes (docs/campaigns.md, "Webhook API", camelCase): an endpoint of the
 * tenant's (never with its secret, except once in the create answer), a delivery with its attempts,
 * and what rotating the secret answers.
 */
import * as z from 'zod/mini';

export const EndpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  description: z._default(z.nullish(z.string()), null),
  events: z._default(z.array(z.string()), []),
  enabled: z.boolean(),
  disabledAt: z._default(z.nullish(z.string()), null),
  /** Why it is off (the server's words or code), null when a person switched it off or it is on. */
  disabledReason: z._default(z.nullish(z.string()), null),
  /** Deliveries failed in a row; enabling again clears it. */
  failureCount: z._default(z.number(), 0),
  createdAt: z._default(z.nullish(z.string()), null),
  secretRotatedAt: z._default(z.nullish(z.string()), null),
});
export type Endpoint = z.infer<typeof EndpointSchema>;

export const EndpointListSchema = z.object({ data: z.array(EndpointSchema) });

/** The create answer: the endpoint and its secret, shown once. */
export const CreatedEndpointSchema = z.extend(EndpointSchema, { secret: z.string() });
export type CreatedEndpoint = z.infer<typeof CreatedEndpointSchema>;

export const RotatedSecretSchema = z.object({
  secret: z.string(),
  /** Until when deliveries still carry the old secret's signature too. */
  previousValidUntil: z._default(z.nullish(z.string()), null),
});
export type RotatedSecret = z.infer<typeof RotatedSecretSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'disabled'] as const;

export const DeliveryAttemptSchema = z.object({
  at: z._default(z.nullish(z.string()), null),
  statusCode: z._default(z.nullish(z.number()), null),
  durationMs: z._default(z.nullish(z.number()), null),
  error: z._default(z.nullish(z.string()), null),
});
export type DeliveryAttempt = z.infer<typeof DeliveryAttemptSchema>;

export const DeliverySchema = z.object({
  id: z.number(),
  /** The endpoint it goes to. */
  endpointId: z._default(z.nullish(z.number()), null),
  /**
   * The Standard Webhooks `webhook-id` header it carries (the same on every attempt and retry: the
   * receiver's key to drop a repeat).
   */
  webhookId: z._default(z.nullish(z.union([z.string(), z.number()])), null),
  eventType: z._default(z.string(), ''),
  status: z.string(),
  attempts: z._default(z.number(), 0),
  lastStatusCode: z._default(z.nullish(z.number()), null),
  lastError: z._default(z.nullish(z.string()), null),
  nextAttemptAt: z._default(z.nullish(z.string()), null),
  deliveredAt: z._default(z.nullish(z.string()), null),
  createdAt: z._default(z.nullish(z.string()), null),
  /** The event as it is sent (JSON). */
  payload: z._default(z.unknown(), null),
  log: z._default(z.array(DeliveryAttemptSchema), []),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const DeliveryPageSchema = z.object({
  data: z.array(DeliverySchema),
  nextCursor: z._default(z.nullish(z.string()), null),
});
export type DeliveryPage = z.infer<typeof DeliveryPageSchema>;

/** What `POST /api/webhooks` takes; `PUT /api/webhooks/{id}` takes any part of it and `enabled`. */
export interface EndpointInput {
  url: string;
  events: string[];
  description: string;
}

/**
 * What `POST /api/webhooks/{id}/replay` takes: a period (ISO 8601 moments), the event types (absent
 * or empty: every one) and whether only the failed deliveries go again.
 */
export interface ReplayInput {
  from: string;
  to: string;
  eventTypes?: string[];
  onlyFailed: boolean;
}

/** What a replay answers: how many deliveries went back to the queue. */
export const ReplayResultSchema = z.object({ queued: z.number() });
export type ReplayResult = z.infer<typeof ReplayResultSchema>;
