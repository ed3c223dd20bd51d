/**
 * The campaign API's shapes as the server sends them (docs/campaigns.md, camelCase): a campaign,
 * the pre-flight of a draft (`POST /api/campaigns/preview`), a recipient, an imported file, the
 * pages of the keyset-paginated lists, each instance's send rate, and — for official numbers — the
 * template a campaign sends, its estimated cost and the tenant's price table (the templates
 * themselves: lib/message-templates.ts). Fields the contract allows to be null default to null, so a server that leaves one out is
 * read the same.
 */
import * as z from 'zod/mini';
import { MediaAttachmentSchema, type MediaAttachment } from '../../../lib/media-upload';

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'running', 'paused', 'finished', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Recipients by status; they add up to the campaign's `total`. */
export const CountsSchema = z.object({
  pending: z._default(z.number(), 0),
  sent: z._default(z.number(), 0),
  delivered: z._default(z.number(), 0),
  read: z._default(z.number(), 0),
  replied: z._default(z.number(), 0),
  failed: z._default(z.number(), 0),
});
export type Counts = z.infer<typeof CountsSchema>;

export const InvalidPhoneSchema = z.object({
  /** Where the phone was in what was sent (its line, for typed phones). */
  index: z._default(z.nullish(z.number()), null),
  phone: z.string(),
  message: z._default(z.string(), ''),
});
export type InvalidPhone = z.infer<typeof InvalidPhoneSchema>;

/** The template a campaign sends (official numbers), with the values of its parameters as chosen. */
export const ChosenTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  language: z._default(z.string(), ''),
  category: z._default(z.string(), ''),
  /** In order: `{{1}}`, `{{2}}`…; they may hold the recipient's variables (`{{nome}}`). */
  parameters: z._default(z.array(z.string()), []),
});
export type ChosenTemplate = z.infer<typeof ChosenTemplateSchema>;

/** What sending the template would cost by the tenant's price table (null prices: no price). */
export const CostEstimateSchema = z.object({
  category: z.string(),
  perMessageBrl: z._default(z.nullish(z.number()), null),
  totalBrl: z._default(z.nullish(z.number()), null),
});
export type CostEstimate = z.infer<typeof CostEstimateSchema>;

/** One line of the tenant's template price table (`GET`/`PUT /api/templates/prices`). */
export const TemplatePriceSchema = z.object({ category: z.string(), priceBrl: z.number() });
export type TemplatePrice = z.infer<typeof TemplatePriceSchema>;

/** The limits of a template price (docs/campaigns.md#templates): reais a message, four decimals. */
export const PRICE_MIN = 0;
export const PRICE_MAX = 100;
export const PRICE_DECIMALS = 4;

export const CampaignSchema = z.object({
  id: z.number(),
  name: z.string(),
  instanceId: z._default(z.nullish(z.number()), null),
  instanceName: z._default(z.nullish(z.string()), null),
  body: z._default(z.string(), ''),
  /** The file sent with the message (the message is its caption); null: text only. */
  attachment: z._default(z.nullish(MediaAttachmentSchema), null),
  /** The approved template it sends (official numbers); null: the free-text `body`. */
  template: z._default(z.nullish(ChosenTemplateSchema), null),
  status: z.string(),
  /** null, or `instance_disconnected` (paused by the server; it resumes on reconnect). */
  pausedReason: z._default(z.nullish(z.string()), null),
  scheduledAt: z._default(z.nullish(z.string()), null),
  startedAt: z._default(z.nullish(z.string()), null),
  finishedAt: z._default(z.nullish(z.string()), null),
  createdAt: z._default(z.nullish(z.string()), null),
  total: z._default(z.number(), 0),
  counts: CountsSchema,
  ratePerMinute: z._default(z.nullish(z.number()), null),
  remainingSeconds: z._default(z.nullish(z.number()), null),
  /** What the pre-flight found when the campaign was created (`invalid`: a list, or how many). */
  preflight: z._default(
    z.nullish(
      z.object({
        recipients: z._default(z.number(), 0),
        duplicatesRemoved: z._default(z.number(), 0),
        blacklistedSkipped: z._default(z.number(), 0),
        invalid: z._default(z.union([z.number(), z.array(InvalidPhoneSchema)]), 0),
      }),
    ),
    null,
  ),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignPageSchema = z.object({
  data: z.array(CampaignSchema),
  nextCursor: z._default(z.nullish(z.string()), null),
});
export type CampaignPage = z.infer<typeof CampaignPageSchema>;

export const PreflightSchema = z.object({
  recipients: z.number(),
  duplicatesRemoved: z._default(z.number(), 0),
  blacklistedSkipped: z._default(z.number(), 0),
  invalid: z._default(z.array(InvalidPhoneSchema), []),
  /** The first (up to 3) recipients' messages as they will be sent. */
  samples: z._default(
    z.array(z.object({ phone: z.string(), name: z._default(z.nullish(z.string()), null), text: z.string() })),
    [],
  ),
  ratePerMinute: z._default(z.nullish(z.number()), null),
  expectedSeconds: z._default(z.nullish(z.number()), null),
  /** The template to be sent (official numbers). */
  template: z._default(z.nullish(ChosenTemplateSchema), null),
  /** The cost by the tenant's price table (official numbers). */
  estimatedCost: z._default(z.nullish(CostEstimateSchema), null),
});
export type Preflight = z.infer<typeof PreflightSchema>;

export const RecipientSchema = z.object({
  id: z.number(),
  customerId: z._default(z.nullish(z.number()), null),
  name: z._default(z.nullish(z.string()), null),
  phone: z.string(),
  status: z.string(),
  /** null, `blacklisted`, `invalid_phone`, `provider_rejected`, `provider_unreachable`, `not_delivered`. */
  reason: z._default(z.nullish(z.string()), null),
  /** The reason in pt_BR, as the server words it. */
  reasonText: z._default(z.nullish(z.string()), null),
  sentAt: z._default(z.nullish(z.string()), null),
  updatedAt: z._default(z.nullish(z.string()), null),
});
export type Recipient = z.infer<typeof RecipientSchema>;

export const RecipientPageSchema = z.object({
  data: z.array(RecipientSchema),
  nextCursor: z._default(z.nullish(z.string()), null),
});
export type RecipientPage = z.infer<typeof RecipientPageSchema>;

/** A cell of an imported file, as the server read it (sent back as it came). */
const FieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type FieldValue = z.infer<typeof FieldValueSchema>;

/** One row of an imported file: its line in the file, the phone, the name and the other columns. */
export const ImportedContactSchema = z.object({
  row: z.number(),
  phone: z.string(),
  name: z._default(z.nullish(z.string()), null),
  fields: z._default(z.record(z.string(), FieldValueSchema), {}),
});
export type ImportedContact = z.infer<typeof ImportedContactSchema>;

export const ImportResultSchema = z.object({
  contacts: z.array(ImportedContactSchema),
  /** The columns besides phone and name, as variable names (lower-cased). */
  columns: z._default(z.array(z.string()), []),
  errors: z._default(z.array(z.object({ row: z.number(), message: z.string() })), []),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** The limits of an instance's send rate (docs/campaigns.md): messages a minute. */
export const RATE_MIN = 1;
export const RATE_MAX = 600;
export const RATE_DEFAULT = 20;

/**
 * An instance's send rate (`GET /api/campaigns/rates`, `PUT /api/campaigns/rates/{instanceId}`):
 * shared by every campaign running on the instance.
 */
export const SendRateSchema = z.object({
  instanceId: z.number(),
  instanceName: z._default(z.nullish(z.string()), null),
  ratePerMinute: z._default(z.number(), RATE_DEFAULT),
});
export type SendRate = z.infer<typeof SendRateSchema>;

/** What `POST /api/campaigns` and `POST /api/campaigns/preview` take. */
export interface CampaignInput {
  name: string;
  instanceId: number;
  body: string;
  phones: string[];
  customerGroupIds: number[];
  contacts: { phone: string; name: string | null; fields: Record<string, FieldValue> }[];
  /** ISO UTC; absent: starts when "Iniciar" is pressed. */
  scheduledAt?: string;
  /** A file uploaded first (`POST /api/campaigns/media`); absent: text only. */
  attachment?: MediaAttachment;
  /** Official numbers: the approved template and its parameters' values (`body` is then `""`). */
  template?: TemplateInput;
}

/** The template of a create or preview body: its id and one value for each `{{n}}`, in order. */
export interface TemplateInput {
  id: number;
  parameters: string[];
}
