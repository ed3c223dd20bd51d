/**
 * Scheduled messages (agendamentos), as both the scheduled messages screen
 * (features/scheduled-messages) and the inbox's "Agendar mensagem" (features/inbox, through
 * components/ScheduleMessageModal) know them: the shape the API answers, the query segment every
 * list of them carries, and the calls the dialog makes — upload a file for one, schedule one,
 * change one. A scheduled message sends a text, a file with its caption, or (official numbers) an
 * approved template with its values (docs/scheduled-messages.md).
 */
import * as z from 'zod/mini';
import { http } from './http';
import {
  uploadAttachment,
  type AttachmentUploadOptions,
  type MediaAttachment,
  type UploadedMedia,
} from './media-upload';
import { StoredAttachmentSchema } from './quick-replies';

export const SCHEDULED_STATUSES = ['scheduled', 'sent', 'cancelled', 'failed'] as const;
export type ScheduledStatus = (typeof SCHEDULED_STATUSES)[number];

const RefSchema = z.object({ id: z.number(), name: z.string() });

/** The approved template a scheduled message sends, with the values of its `{{1}}`, `{{2}}`… */
export const ScheduledTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  language: z.string(),
  parameters: z._default(z.array(z.string()), []),
});
export type ScheduledTemplate = z.infer<typeof ScheduledTemplateSchema>;

/**
 * A scheduled message as the API shows it. `body`: the text, a file's caption (`attachment`) or a
 * template's filled text (`template`); `error`: why it failed (pt_BR); `cancelReason`:
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
  attachment: z._default(z.nullish(StoredAttachmentSchema), null),
  template: z._default(z.nullish(ScheduledTemplateSchema), null),
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

/** An approved template and the values of its parameters, in order: `{{1}}`, `{{2}}`… */
export interface TemplateChoice {
  id: number;
  parameters: string[];
}

export interface NewScheduled {
  customerId: number;
  instanceId: number;
  /** The text; with `attachment` its caption (may be ''); with `template`, not read. */
  body: string;
  /** ISO 8601 with its offset (lib/send-at.ts `toSendAt`). */
  sendAt: string;
  cancelIfCustomerWrites: boolean;
  /** The quick replies the message was written with (each counts a use once it is sent). */
  quickReplyIds?: number[];
  /** A file uploaded with `uploadScheduledMedia`. */
  attachment?: MediaAttachment | null;
  /** An approved template of the instance (official numbers). */
  template?: TemplateChoice | null;
}

/**
 * POST /api/scheduled-messages/media?fileName=… with the file's bytes (`application/octet-stream`)
 * → 201 `{id, type, mimeType, fileName, size, …}`: the file a scheduled message will send, named
 * then as `attachment: {mediaId: id, fileName}`. Refusals in the server's pt_BR (422
 * `media_too_large`, `media_type_not_allowed`, `media_invalid`, `media_quota`; 413 over 100 MB).
 */
export function uploadScheduledMedia(file: File, options: AttachmentUploadOptions = {}): Promise<UploadedMedia> {
  return uploadAttachment('/api/scheduled-messages/media', file, options);
}

/**
 * POST /api/scheduled-messages → 201 the scheduled message. 422 `invalid_send_at`,
 * `empty_message`, `message_too_long`, `customer_blacklisted`, `media_not_found`
 * (`attachment.mediaId`), `media_type_not_allowed`, `template_with_media`, `template_not_found`
 * (`template.id`; also a template of another instance), `template_not_approved`,
 * `template_parameters` (`template.parameters[i]`), `quick_reply_not_found`; 404
 * `customer_not_found`, `instance_not_found`.
 */
export function createScheduledMessage(input: NewScheduled): Promise<Scheduled> {
  return http.post('/api/scheduled-messages', input, { schema: ScheduledSchema });
}

/** What changes; `attachment` and `template`: absent keeps them, null removes them. */
export interface ScheduledChanges {
  id: number;
  body?: string;
  sendAt?: string;
  cancelIfCustomerWrites?: boolean;
  attachment?: MediaAttachment | null;
  template?: TemplateChoice | null;
}

/**
 * PUT /api/scheduled-messages/{id} with only what changed → the scheduled message. 409
 * `schedule_not_pending` (sent or cancelled meanwhile), 404 `schedule_not_found`, 422 as on creating.
 */
export function updateScheduledMessage({ id, ...changes }: ScheduledChanges): Promise<Scheduled> {
  return http.put(`/api/scheduled-messages/${id}`, changes, { schema: ScheduledSchema });
}
