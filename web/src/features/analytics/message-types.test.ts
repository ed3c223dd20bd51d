import { describe, expect, it } from 'vitest';
import { AnalyticsSchema } from './api/schemas';
import { messageTypes } from './message-types';
import { ANALYTICS, TOTALS } from './test-data';

describe('messages by type', () => {
  it('counts text as the rest of the messages received and sent', () => {
    expect(messageTypes(TOTALS)).toEqual({
      total: 9990,
      rows: [
        { id: 'text', label: 'Texto', count: 7400 },
        { id: 'image', label: 'Fotos', count: 1500 },
        { id: 'audio', label: 'Áudios', count: 700 },
        { id: 'video', label: 'Vídeos', count: 100 },
        { id: 'document', label: 'Documentos', count: 250 },
        { id: 'other', label: 'Outros', count: 40 },
      ],
    });
  });

  it('never counts text below zero', () => {
    const { rows, total } = messageTypes({ ...TOTALS, messagesIn: 10, messagesOut: 0, messagesImage: 12 });
    expect(rows[0]).toMatchObject({ id: 'text', count: 0 });
    expect(total).toBe(12 + 700 + 100 + 250 + 40);
  });

  it('an older server without the types reads them as 0: every message is text', () => {
    const { totals } = ANALYTICS;
    const older = {
      ...ANALYTICS,
      totals: { ...totals, messagesImage: undefined, messagesAudio: undefined, messagesVideo: undefined },
      previousTotals: {
        ticketsOpened: 1,
        ticketsClosed: 1,
        ticketsTransferred: 0,
        messagesIn: 3,
        messagesOut: 2,
        ordersCount: 0,
        ordersValueCents: 0,
        botTickets: 0,
        botHandoffs: 0,
        // The SLA attainment is always sent (no default).
        slaResponseTickets: 0,
        slaResponseMet: 0,
        slaResolutionTickets: 0,
        slaResolutionMet: 0,
      },
    };
    const parsed = AnalyticsSchema.parse(JSON.parse(JSON.stringify(older)));
    expect(parsed.totals).toMatchObject({
      messagesImage: 0,
      messagesAudio: 0,
      messagesVideo: 0,
      messagesDocument: 250,
    });
    expect(messageTypes(parsed.previousTotals).rows.map((row) => row.count)).toEqual([5, 0, 0, 0, 0, 0]);
  });
});
