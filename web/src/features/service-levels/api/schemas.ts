/**
 * The service levels' shapes as the server sends them (docs/service-levels.md, camelCase): the
 * company's calendar (`/api/calendar`) — the opening hours and holidays every bot's "fora do
 * horário" and every SLA clock read — and the SLA policies (`/api/sla`).
 */
import * as z from 'zod/mini';

/** One opening interval of a weekday, `HH:MM` to `HH:MM` (São Paulo time); 0 = domingo. */
export const BusinessHoursSchema = z.object({ weekday: z.number(), start: z.string(), end: z.string() });
export type BusinessHours = z.infer<typeof BusinessHoursSchema>;

/** At most this many intervals a week, and holidays (the server's limits). */
export const MAX_INTERVALS = 70;
export const MAX_HOLIDAYS = 100;

export const CalendarSchema = z.object({
  /** Empty: always open. Sorted by weekday and start. */
  businessHours: z._default(z.array(BusinessHoursSchema), []),
  /** `YYYY-MM-DD`, closed all day; sorted, without repeats. */
  holidays: z._default(z.array(z.string()), []),
  /** When an administrator last saved it; null: never (the company is always open). */
  updatedAt: z._default(z.nullish(z.string()), null),
});
export type Calendar = z.infer<typeof CalendarSchema>;

/** What `PUT /api/calendar` takes (`updatedAt` is the server's). */
export type CalendarInput = Omit<Calendar, 'updatedAt'>;

/** A target holds 1 to 43 200 open minutes (30 days), or none. */
export const MIN_TARGET_MINUTES = 1;
export const MAX_TARGET_MINUTES = 43_200;

export const SlaPolicySchema = z.object({
  /** null: the company's default (the departments without their own, the tickets without one). */
  departmentId: z.nullable(z.number()),
  departmentName: z._default(z.nullish(z.string()), null),
  activated: z._default(z.boolean(), true),
  /** The department has targets of its own; false: these are the default's, which it follows. */
  own: z._default(z.boolean(), true),
  /** Open minutes to the first response; null: no target. */
  firstResponseMinutes: z._default(z.nullish(z.number()), null),
  /** Open minutes to the resolution; null: no target. */
  resolutionMinutes: z._default(z.nullish(z.number()), null),
  /** The resolution clock stops while the conversation waits on the customer. */
  pauseOnCustomer: z._default(z.boolean(), false),
});
export type SlaPolicy = z.infer<typeof SlaPolicySchema>;

export const SlaOverviewSchema = z.object({ policies: z.array(SlaPolicySchema) });
export type SlaOverview = z.infer<typeof SlaOverviewSchema>;
