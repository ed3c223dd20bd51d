/**
 * The audit log's shapes (`/api/audit`, camelCase): one entry — who (a person, or an integration
 * through its API token), from where, what (the operation's id, its pt_BR summary and area, the
 * request's method, path and status) and when —, a page of them (newest first, `nextCursor` the
 * `before` of the next page, null on the last), and what the filters offer (`/api/audit/filters`).
 */
import * as z from 'zod/mini';

/** How the author called: a person's session, or an integration's API token. */
export const AUDIT_VIAS = ['session', 'token'] as const;
export type AuditVia = (typeof AUDIT_VIAS)[number];

export const AuditEntrySchema = z.object({
  id: z.number(),
  /** ISO 8601 instant. */
  at: z.string(),
  /** Null when the author's user is gone (the name stays). */
  userId: z._default(z.nullish(z.number()), null),
  userName: z.string(),
  /** `session` or `token`; a value this screen does not know yet is kept as is. */
  via: z.string(),
  apiTokenId: z._default(z.nullish(z.number()), null),
  ip: z._default(z.nullish(z.string()), null),
  /** The operation's id (`users_create`). */
  action: z.string(),
  /** Its pt_BR summary ("Cria um usuário"). */
  label: z.string(),
  /** Its area ("usuários"). */
  area: z._default(z.string(), ''),
  method: z.string(),
  path: z.string(),
  /** The answer's HTTP status. */
  status: z.number(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** `GET /api/audit`: 50 entries a page, newest first. */
export const AuditPageSchema = z.object({
  data: z.array(AuditEntrySchema),
  nextCursor: z._default(z.nullish(z.number()), null),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

export const AuditActionSchema = z.object({ action: z.string(), label: z.string(), area: z._default(z.string(), '') });
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AuditActorSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** `person` or `integration` (an API token's user). */
  kind: z._default(z.string(), 'person'),
});
export type AuditActor = z.infer<typeof AuditActorSchema>;

/** `GET /api/audit/filters`: the operations and the authors the filters offer. */
export const AuditFilterOptionsSchema = z.object({
  actions: z._default(z.array(AuditActionSchema), []),
  actors: z._default(z.array(AuditActorSchema), []),
});
export type AuditFilterOptions = z.infer<typeof AuditFilterOptionsSchema>;

/** The kinds of record the retention policy covers, by their field in the policy. */
export const RETENTION_FIELDS = [
  'loginFailuresDays',
  'webhookDeliveriesDays',
  'auditLogDays',
  'messagesDays',
  'mediaDays',
] as const;
export type RetentionField = (typeof RETENTION_FIELDS)[number];

/** How many days each kind is kept; null: kept forever ("Guardar para sempre"). */
export const RetentionPolicySchema = z.object({
  loginFailuresDays: z._default(z.nullish(z.number()), null),
  webhookDeliveriesDays: z._default(z.nullish(z.number()), null),
  auditLogDays: z._default(z.nullish(z.number()), null),
  /** Messages' content, emptied in place past it (the rows stay: dashboards still add up). */
  messagesDays: z._default(z.nullish(z.number()), null),
  /** Messages' files only. */
  mediaDays: z._default(z.nullish(z.number()), null),
});
export type RetentionPolicy = z.infer<typeof RetentionPolicySchema>;

export const RetentionKindSchema = z.object({
  /** The policy's field (a field this screen does not know yet is left out of the form). */
  field: z.string(),
  /** Its pt_BR name, lower case ("falhas de login"). */
  label: z.string(),
  /** The fewest days it may be kept. */
  minDays: z.number(),
});
export type RetentionKind = z.infer<typeof RetentionKindSchema>;

/** The night's clean-up: when it ran and how many rows of each kind it removed. */
export const RetentionRunSchema = z.object({
  /** ISO 8601 instant. */
  at: z.string(),
  removed: z._default(z.array(z.object({ label: z.string(), rows: z.number() })), []),
});
export type RetentionRun = z.infer<typeof RetentionRunSchema>;

/** `GET /api/retention` (and the answer of `PUT`): the policy, its kinds and the last clean-up. */
export const RetentionSchema = z.object({
  policy: RetentionPolicySchema,
  kinds: z._default(z.array(RetentionKindSchema), []),
  maxDays: z._default(z.number(), 3650),
  lastRun: z._default(z.nullish(RetentionRunSchema), null),
});
export type Retention = z.infer<typeof RetentionSchema>;

/**
 * `GET /api/audit/settings` (and the answer of `PUT`, which takes the same shape and nothing else):
 * what the log records beyond the changes. `conversationReads`: each time someone opens the
 * conversation of a ticket owned by someone else (`tickets_conversation_read`, once per reader and
 * ticket per hour; waiting tickets without owner and the owner's own reads are not recorded).
 */
export const AuditSettingsSchema = z.object({
  conversationReads: z.boolean(),
});
export type AuditSettings = z.infer<typeof AuditSettingsSchema>;

/**
 * `GET /api/privacy/consent` (and the answer of `PUT {enabled, text}`; docs/privacy.md#consent):
 * whether the bot asks the customers their consent on their first contact, the text it sends, and
 * its version — raised by every change of the text, so that everyone is asked again (0: no text
 * saved yet). `updatedAt` null until the setting is first saved.
 */
export const ConsentSettingSchema = z.object({
  enabled: z.boolean(),
  text: z._default(z.string(), ''),
  version: z._default(z.number(), 0),
  updatedAt: z.nullish(z.string()),
});
export type ConsentSetting = z.infer<typeof ConsentSettingSchema>;
