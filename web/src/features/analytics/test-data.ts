/** Answers of the dashboard API as docs/analytics.md writes them, for the tests. */
import type { Analytics, ProductivityAgent } from './api/schemas';

export const TOTALS = {
  ticketsOpened: 412,
  ticketsClosed: 398,
  ticketsTransferred: 31,
  messagesIn: 5120,
  messagesOut: 4870,
  ordersCount: 57,
  ordersValueCents: 1_234_500,
  botTickets: 0,
  botHandoffs: 0,
  // 9.990 messages: 1.500 photos, 700 audios, 100 videos, 250 documents, 40 others, so 7.400 texts.
  messagesImage: 1500,
  messagesAudio: 700,
  messagesVideo: 100,
  messagesDocument: 250,
  messagesOther: 40,
  // SLA attainment: 120 of 130 closed tickets with a first-response target met it (92,3 %); 0 of 0
  // for resolution (no target: "—").
  slaResponseTickets: 130,
  slaResponseMet: 120,
  slaResolutionTickets: 0,
  slaResolutionMet: 0,
};

export const ANALYTICS: Analytics = {
  period: { from: '2026-11-01', to: '2026-11-30' },
  previousPeriod: { from: '2026-10-02', to: '2026-10-31' },
  syncedAt: '2026-11-25T03:00:12Z',
  totals: TOTALS,
  previousTotals: {
    ...TOTALS,
    ticketsOpened: 368,
    ticketsClosed: 390,
    ordersValueCents: 1_000_000,
    slaResponseTickets: 100,
    slaResponseMet: 88,
  },
  firstResponse: { count: 380, medianSecs: 205, p90Secs: 1510 },
  previousFirstResponse: { count: 350, medianSecs: 250, p90Secs: 1700 },
  resolution: { count: 398, medianSecs: 5400, p90Secs: 40_000 },
  previousResolution: { count: 390, medianSecs: 5400, p90Secs: 42_000 },
  days: [
    {
      day: '2026-11-02',
      ticketsOpened: 40,
      ticketsClosed: 30,
      ticketsTransferred: 2,
      messagesIn: 300,
      messagesOut: 280,
      firstResponseMedianSecs: 200,
      firstResponseP90Secs: 1400,
      resolutionMedianSecs: 5000,
      resolutionP90Secs: 39_000,
    },
  ],
  heatmap: [
    { weekday: 1, hour: 9, tickets: 31 },
    { weekday: 3, hour: 14, tickets: 12 },
  ],
  closingReasons: [{ id: 3, name: 'Dúvida resolvida', tickets: 120 }],
  tags: [],
};

export function agent(userId: number, name: string, extra: Partial<ProductivityAgent> = {}): ProductivityAgent {
  return {
    userId,
    name,
    ticketsAttended: 0,
    ticketsClosed: 0,
    transfersIn: 0,
    transfersOut: 0,
    firstResponseMedianSecs: null,
    resolutionMedianSecs: null,
    messagesSent: 0,
    quickRepliesUsed: 0,
    onlineSecs: 0,
    slaResponseTickets: 0,
    slaResponseMet: 0,
    slaResolutionTickets: 0,
    slaResolutionMet: 0,
    ...extra,
  };
}
