/**
 * Scheduled messages (agendamentos), as both the scheduled messages screen
 * (features/scheduled-messages) and the inbox's "Agendar mensagem" (features/inbox, through
 * components/ScheduleMessageModal) know them: the shape the API answers, the query segment every
 * list of them carries, and the two calls the dialog makes — schedule one, change one.
 */
import * as z from 'zod/mini';
import { http } from './http';

export const SCHEDULED_STATUSES = ['scheduled', 'sent', 'cancelled', 'failed'] as const;
export type ScheduledStatus = (typeof SCHEDULED_STATUSES)[number];

const RefSchema = z.object({ id: z.number(), name: z.string() });

/**
 * A scheduled message as the API shows it. `error`: why it failed (pt_BR); `cancelReason`:
 * `customer_wrote` (the customer wrote before it went, with `cancelIfCustomerWrites`) or
 * `cancelled` (someone cancelled it); `editable`: still pending and the caller's to change.
 */
export const ScheduledSchema = z.object({
  id: z.number(),
  customer: z.object({ id: z.number(), name: z.string(), phone: z.string() }),
  instance: RefSchema,
  author: z.nullish(RefSchema),
  body: z.string(),
  sendAt: z.string(),
  status: z.enum(SCHEDULED_STATUSES),
  cancelIfCustomerWrites: z.boolean(),
  ticketId: z.nullish(z.number()),
  messageId: z.nullish(z.number()),
  error: z.nullish(z.string()),
  cancelReason: z.nullish(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  editable: z.boolean(),
});
export type Scheduled = z.infer<typeof ScheduledSchema>;

/** The longest text of a scheduled message (a message's). */
export const MAX_SCHEDULED_BODY = 4096;

/** The segment every scheduled-messages query has in its key (the screen's lists, page after page). */
export const SCHEDULED_MESSAGES_SEGMENT = 'scheduled-messages';

/** A query of the scheduled messages (`invalidateQueries({ predicate })` after a change). */
export function isScheduledMessagesQuery(query: { queryKey: readonly unknown[] }): boolean {
  return query.queryKey.includes(SCHEDULED_MESSAGES_SEGMENT);
}

export interface NewScheduled {
  customerId: number;
  instanceId: number;
  body: string;
  /** ISO 8601 with its offset (lib/send-at.ts `toSendAt`). */
  sendAt: string;
  cancelIfCustomerWrites: boolean;
}

/**
 * POST /api/scheduled-messages → 201 the scheduled message. 422 `invalid_send_at`,
 * `empty_message`, `message_too_long`; 404 `customer_not_found`, `instance_not_found`.
 */
export function createScheduledMessage(input: NewScheduled): Promise<Scheduled> {
  return http.post('/api/scheduled-messages', input, { schema: ScheduledSchema });
}

export interface ScheduledChanges {
  id: number;
  body?: string;
  sendAt?: string;
  cancelIfCustomerWrites?: boolean;
}

/**
 * PUT /api/scheduled-messages/{id} with only what changed → the scheduled message. 409
 * `schedule_not_pending` (sent or cancelled meanwhile), 404 `schedule_not_found`, 422 as on creating.
 */
export function updateScheduledMessage({ id, ...changes }: ScheduledChanges): Promise<Scheduled> {
  return http.put(`/api/scheduled-messages/${id}`, changes, { schema: ScheduledSchema });
}
