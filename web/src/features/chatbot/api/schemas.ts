/**
 * The menu bot's shapes as the server sends them (`/api/bot/*`, camelCase): its configuration
 * (one per scope: the tenant's default, or an instance's own) and what a simulated conversation
 * answers. Greetings and messages may hold `{{bot}}` (the bot's name) and `{{nome}}` (the
 * customer's); the handover message `{{departamento}}` too. An answer may carry a file. The opening
 * hours are the company's (features/service-levels), not a bot's.
 */
import * as z from 'zod/mini';
import { MediaAttachmentSchema } from '../../../lib/media-upload';

/** What a menu option does: route to a department's queue, answer with a fixed text, call a person. */
export const BOT_ACTIONS = ['department', 'answer', 'human'] as const;
export type BotAction = (typeof BOT_ACTIONS)[number];

/** At most this many options (the customer answers with one digit), at least one. */
export const MAX_BOT_OPTIONS = 9;
/** Invalid answers before the bot passes the customer to a person. */
export const INVALID_LIMIT_RANGE = { min: 1, max: 10 } as const;
/** Minutes without an answer before the bot closes the conversation (a day at most). */
export const INACTIVITY_RANGE = { min: 1, max: 1440 } as const;

export const BotOptionSchema = z.object({
  /** Given by the server; '' (or absent) for an option it has not saved yet. */
  key: z._default(z.nullish(z.string()), ''),
  label: z.string(),
  action: z.enum(BOT_ACTIONS),
  departmentId: z._default(z.nullish(z.number()), null),
  answer: z._default(z.nullish(z.string()), null),
  /**
   * An `answer` option's file, sent with the text as its caption (uploaded first through
   * `POST /api/bot/media`); absent when none, never on another action.
   */
  attachment: z.nullish(MediaAttachmentSchema),
});
export type BotOption = z.infer<typeof BotOptionSchema>;

export const BotConfigSchema = z.object({
  /** null: the tenant's default bot. */
  instanceId: z._default(z.nullish(z.number()), null),
  /** The instance has no configuration of its own: these are the default's values. */
  inherited: z._default(z.boolean(), false),
  enabled: z.boolean(),
  name: z.string(),
  greeting: z.string(),
  menuPrompt: z.string(),
  options: z.array(BotOptionSchema),
  invalidMessage: z.string(),
  invalidLimit: z.number(),
  handoverMessage: z.string(),
  /**
   * Sent before the menu while the company is closed: its calendar (hours and holidays) is the
   * company's one, kept on the "Níveis de serviço" screen (`/api/calendar`), no longer the bot's.
   */
  outOfHoursMessage: z.string(),
  inactivityMinutes: z.number(),
  inactivityReasonId: z._default(z.nullish(z.number()), null),
  inactivityMessage: z.string(),
  updatedAt: z._default(z.nullish(z.string()), null),
});
export type BotConfig = z.infer<typeof BotConfigSchema>;

/** What `PUT /api/bot/config` and `POST /api/bot/simulate` take: a configuration as edited. */
export type BotConfigInput = Omit<BotConfig, 'inherited' | 'updatedAt'>;

export const SimulationSchema = z.object({
  /** `fileName`: the file a bot's answer carries (shown above its text). */
  transcript: z.array(z.object({ from: z.string(), text: z.string(), fileName: z.nullish(z.string()) })),
  outcome: z.object({
    /** `bot` (still with it), `routed` (to a department's queue) or `handed_over` (to a person). */
    status: z.string(),
    departmentId: z._default(z.nullish(z.number()), null),
    departmentName: z._default(z.nullish(z.string()), null),
    optionKey: z._default(z.nullish(z.string()), null),
  }),
  outOfHours: z._default(z.boolean(), false),
});
export type Simulation = z.infer<typeof SimulationSchema>;

/** A department, instance or closing reason a picker offers. */
export interface Choice {
  id: number;
  name: string;
  /** false: inactive (still shown when the configuration names it). */
  active: boolean;
}
