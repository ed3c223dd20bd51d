/**
 * The answers of the dashboard and report API (docs/analytics.md#dashboard-api), field names as
 * written there. Durations are seconds, `null` without a sample; days `YYYY-MM-DD`; instants
 * RFC 3339 UTC.
 */
import * as z from 'zod/mini';
import { SlaSchema } from '../../../lib/sla';
import { DEFAULT_TAG_COLOR } from '../../../lib/tags';

const Secs = z.nullish(z.number());
const Count = z._default(z.number(), 0);

export const PeriodSchema = z.object({ from: z.string(), to: z.string() });

/**
 * SLA attainment (docs/analytics.md#definitions, docs/service-levels.md): of the tickets closed in
 * the period, those that had a first-response (resolution) target and those that met it. Always
 * sent by the server (in the totals, per tag and per agent): no default.
 */
const slaAttainmentShape = {
  slaResponseTickets: z.number(),
  slaResponseMet: z.number(),
  slaResolutionTickets: z.number(),
  slaResolutionMet: z.number(),
};
export type SlaAttainmentFigures = { [K in keyof typeof slaAttainmentShape]: number };

export const TotalsSchema = z.object({
  ticketsOpened: Count,
  ticketsClosed: Count,
  ticketsTransferred: Count,
  messagesIn: Count,
  messagesOut: Count,
  ordersCount: Count,
  ordersValueCents: Count,
  botTickets: Count,
  botHandoffs: Count,
  /**
   * Of `messagesIn + messagesOut`, by type (internal notes left out): photos, audios (voice notes
   * too), videos, documents and the rest (stickers, locations, contacts, unsupported types). Text
   * is what remains. 0 from an older server.
   */
  messagesImage: Count,
  messagesAudio: Count,
  messagesVideo: Count,
  messagesDocument: Count,
  messagesOther: Count,
  ...slaAttainmentShape,
});
export type Totals = z.infer<typeof TotalsSchema>;

export const DurationStatsSchema = z.object({ count: Count, medianSecs: Secs, p90Secs: Secs });
export type DurationStats = z.infer<typeof DurationStatsSchema>;

const EMPTY_STATS = { count: 0, medianSecs: null, p90Secs: null };

export const AnalyticsDaySchema = z.object({
  day: z.string(),
  ticketsOpened: Count,
  ticketsClosed: Count,
  ticketsTransferred: Count,
  messagesIn: Count,
  messagesOut: Count,
  firstResponseMedianSecs: Secs,
  firstResponseP90Secs: Secs,
  resolutionMedianSecs: Secs,
  resolutionP90Secs: Secs,
});
export type AnalyticsDay = z.infer<typeof AnalyticsDaySchema>;

/**
 * One tag's figures in the period (the analytics dashboard's "Por etiqueta"): tickets that carry the
 * tag, under the instance and department filters. Every field but the tag's id and name and the SLA
 * attainment (always sent) may be missing.
 */
export const TagFiguresSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z._default(z.string(), DEFAULT_TAG_COLOR),
  ticketsOpened: Count,
  ticketsClosed: Count,
  messagesIn: Count,
  messagesOut: Count,
  firstResponse: z._default(DurationStatsSchema, EMPTY_STATS),
  resolution: z._default(DurationStatsSchema, EMPTY_STATS),
  ...slaAttainmentShape,
});
export type TagFigures = z.infer<typeof TagFiguresSchema>;

export const AnalyticsSchema = z.object({
  period: PeriodSchema,
  previousPeriod: PeriodSchema,
  syncedAt: z.nullish(z.string()),
  totals: TotalsSchema,
  previousTotals: TotalsSchema,
  firstResponse: z._default(DurationStatsSchema, EMPTY_STATS),
  previousFirstResponse: z._default(DurationStatsSchema, EMPTY_STATS),
  resolution: z._default(DurationStatsSchema, EMPTY_STATS),
  previousResolution: z._default(DurationStatsSchema, EMPTY_STATS),
  days: z._default(z.array(AnalyticsDaySchema), []),
  heatmap: z._default(z.array(z.object({ weekday: z.number(), hour: z.number(), tickets: z.number() })), []),
  closingReasons: z._default(
    z.array(z.object({ id: z.nullish(z.number()), name: z.string(), tickets: z.number() })),
    [],
  ),
  /** The period's figures per tag (absent from an older server: none). */
  tags: z._default(z.array(TagFiguresSchema), []),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

export const ControlPanelSchema = z.object({
  generatedAt: z.string(),
  waiting: Count,
  oldestWaitingSince: z.nullish(z.string()),
  thresholdMinutes: z.number(),
  overThreshold: Count,
  transfersPending: Count,
  open: Count,
  agents: z._default(
    z.array(
      z.object({
        userId: z.number(),
        name: z.string(),
        online: z.boolean(),
        /** docs/service-levels.md#agent-status: read by ControlPanelView's AgentStatusCell. */
        status: z.optional(z.string()),
        awayReason: z.nullish(z.string()),
        statusSince: z.nullish(z.string()),
        open: Count,
        transfersPending: Count,
      }),
    ),
    [],
  ),
  byInstance: z._default(
    z.array(z.object({ instanceId: z.number(), name: z.string(), waiting: Count, open: Count })),
    [],
  ),
});
export type ControlPanel = z.infer<typeof ControlPanelSchema>;

/**
 * The bot's outcomes: `received` tickets it started, of which `resolved` (it answered, nobody was
 * needed), `routed` (to a department's queue), `handedOver` (to a person), `abandoned` (silence, no
 * answer given) or `takenOver` (an agent took over first).
 */
const MariaCountsSchema = z.object({
  received: Count,
  resolved: Count,
  routed: Count,
  handedOver: Count,
  abandoned: Count,
  takenOver: Count,
});
export type MariaCounts = z.infer<typeof MariaCountsSchema>;

export const MariaDaySchema = z.extend(MariaCountsSchema, { day: z.string() });
export type MariaDay = z.infer<typeof MariaDaySchema>;

/** One menu option: how many it routed to a department, how many it answered itself. */
export const MariaOptionSchema = z.object({
  key: z._default(z.string(), ''),
  label: z.string(),
  routed: Count,
  answered: Count,
});
export type MariaOption = z.infer<typeof MariaOptionSchema>;

/** Today, live: the tickets the bot holds now and what it did since midnight (São Paulo). */
export const MariaLiveSchema = z.object({
  inBot: Count,
  startedToday: Count,
  routedToday: Count,
  handedOverToday: Count,
  abandonedToday: Count,
  takenOverToday: Count,
});
export type MariaLive = z.infer<typeof MariaLiveSchema>;

export const MariaSchema = z.object({
  botEnabled: z.boolean(),
  period: PeriodSchema,
  syncedAt: z.nullish(z.string()),
  totals: MariaCountsSchema,
  handoverMedianSecs: Secs,
  days: z._default(z.array(MariaDaySchema), []),
  options: z._default(z.array(MariaOptionSchema), []),
  /** Absent from an older server: then the live cards are not shown. */
  live: z.nullish(MariaLiveSchema),
});
export type Maria = z.infer<typeof MariaSchema>;

export const ProductivityAgentSchema = z.object({
  userId: z.number(),
  name: z.string(),
  ticketsAttended: Count,
  ticketsClosed: Count,
  transfersIn: Count,
  transfersOut: Count,
  firstResponseMedianSecs: Secs,
  resolutionMedianSecs: Secs,
  messagesSent: Count,
  /** Messages the agent sent with a quick reply (each reply used counts one); 0 from an older server. */
  quickRepliesUsed: Count,
  onlineSecs: Count,
  ...slaAttainmentShape,
});
export type ProductivityAgent = z.infer<typeof ProductivityAgentSchema>;

export const ProductivitySchema = z.object({
  period: PeriodSchema,
  syncedAt: z.nullish(z.string()),
  agents: z._default(z.array(ProductivityAgentSchema), []),
});
export type Productivity = z.infer<typeof ProductivitySchema>;

export const DashboardTicketSchema = z.object({
  id: z.number(),
  protocol: z.nullish(z.union([z.string(), z.number()])),
  status: z.string(),
  customerName: z.nullish(z.string()),
  instanceName: z.nullish(z.string()),
  departmentName: z.nullish(z.string()),
  userName: z.nullish(z.string()),
  openedAt: z.string(),
  closedAt: z.nullish(z.string()),
  firstResponseSecs: Secs,
  resolutionSecs: Secs,
});
export type DashboardTicket = z.infer<typeof DashboardTicketSchema>;

const NamedSchema = z.object({ id: z.number(), name: z.string() });

/**
 * A ticket of `GET /api/dashboard/control-panel/at-risk` (the control panel's "Prestes a estourar"): the inbox's ticket
 * view, of which only what the card shows is read.
 */
export const AtRiskTicketSchema = z.object({
  id: z.number(),
  protocol: z.string(),
  status: z.string(),
  customer: z.object({ id: z.number(), name: z.string(), phone: z.string() }),
  assignedUser: z._default(z.nullish(NamedSchema), null),
  department: z._default(z.nullish(NamedSchema), null),
  sla: z._default(z.nullable(SlaSchema), null),
});
export type AtRiskTicket = z.infer<typeof AtRiskTicketSchema>;

export const DashboardTicketsPageSchema = z.object({
  data: z.array(DashboardTicketSchema),
  nextCursor: z.nullish(z.string()),
});
export type DashboardTicketsPage = z.infer<typeof DashboardTicketsPageSchema>;

export const LoginFailuresSchema = z.object({
  period: PeriodSchema,
  total: Count,
  byDay: z._default(z.array(z.object({ day: z.string(), count: z.number() })), []),
  byUser: z._default(
    z.array(
      z.object({
        userId: z.nullish(z.number()),
        email: z.nullish(z.string()),
        name: z.nullish(z.string()),
        count: z.number(),
      }),
    ),
    [],
  ),
  byAddress: z._default(
    z.array(z.object({ clientAddr: z.nullish(z.string()), bodyIp: z.nullish(z.string()), count: z.number() })),
    [],
  ),
  byReason: z._default(z.array(z.object({ reason: z.string(), label: z.nullish(z.string()), count: z.number() })), []),
  recent: z._default(
    z.array(
      z.object({
        occurredAt: z.string(),
        email: z.nullish(z.string()),
        userId: z.nullish(z.number()),
        reason: z.string(),
        label: z.nullish(z.string()),
        clientAddr: z.nullish(z.string()),
        bodyIp: z.nullish(z.string()),
      }),
    ),
    [],
  ),
});
export type LoginFailures = z.infer<typeof LoginFailuresSchema>;

export const NamedOptionSchema = z.looseObject({ id: z.number(), name: z.string() });
export type NamedOption = z.infer<typeof NamedOptionSchema>;

/** `GET /api/dashboard/filters`: what the dashboards filter by (active departments; users not deleted). */
export const DashboardFilterOptionsSchema = z.object({
  instances: z._default(z.array(NamedOptionSchema), []),
  departments: z._default(z.array(NamedOptionSchema), []),
  agents: z._default(z.array(NamedOptionSchema), []),
});
export type DashboardFilterOptions = z.infer<typeof DashboardFilterOptionsSchema>;

/** `GET /api/dashboard-report/users`: one person the login failures report can be filtered by. */
export const ReportUserSchema = z.looseObject({ id: z.number(), name: z.string(), email: z.string() });
export type ReportUser = z.infer<typeof ReportUserSchema>;
