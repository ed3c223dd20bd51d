import { describe, expect, it } from 'vitest';
import {
  dueRelative,
  durationWords,
  formatDue,
  SlaSchema,
  slaAlert,
  slaDeadlines,
  slaFocus,
  TicketSlaSchema,
  type Sla,
} from './sla';

// 12:00 in São Paulo (UTC−03:00).
const NOW = new Date('2026-12-07T15:00:00Z');

function sla(extra: Partial<Sla> = {}): Sla {
  return {
    state: 'on_time',
    responseDueAt: '2026-12-07T17:30:00Z',
    responded: false,
    resolutionDueAt: '2026-12-08T12:00:00Z',
    paused: false,
    ...extra,
  };
}

describe('a ticket’s SLA', () => {
  it('reads the server’s shape; null or absent is no policy; an unknown state reads as on time', () => {
    expect(TicketSlaSchema.parse(undefined)).toBeNull();
    expect(TicketSlaSchema.parse(null)).toBeNull();
    expect(SlaSchema.parse({ state: 'breached' })).toEqual({
      state: 'breached',
      responseDueAt: null,
      responded: false,
      resolutionDueAt: null,
      paused: false,
    });
    expect(SlaSchema.parse({ ...sla(), state: 'something_new' }).state).toBe('on_time');
  });

  it('badges at risk and breached in words, nothing on time or without a policy', () => {
    expect(slaAlert(sla({ state: 'at_risk' }))).toEqual({ label: 'Em risco', color: 'orange', state: 'at_risk' });
    expect(slaAlert(sla({ state: 'breached' }))).toEqual({ label: 'SLA estourado', color: 'red', state: 'breached' });
    expect(slaAlert(sla())).toBeNull();
    expect(slaAlert(null)).toBeNull();
  });

  it('says the deadlines in São Paulo time, with the day when it is not today', () => {
    expect(formatDue('2026-12-07T17:30:00Z', NOW)).toBe('14:30');
    expect(formatDue('2026-12-08T12:00:00Z', NOW)).toBe('amanhã às 09:00');
    expect(formatDue('2026-12-15T12:00:00Z', NOW)).toBe('15/12 às 09:00');
    // 01:00 UTC on the 8th is still the 7th in São Paulo.
    expect(formatDue('2026-12-08T01:00:00Z', NOW)).toBe('22:00');
    expect(slaDeadlines(sla(), NOW)).toEqual(['Responder até 14:30', 'Resolver até amanhã às 09:00']);
    expect(slaDeadlines(sla({ responded: true }), NOW)).toEqual(['Resolver até amanhã às 09:00']);
    expect(slaDeadlines(sla({ responded: true, paused: true }), NOW)).toEqual(['Pausado: aguardando o cliente']);
    expect(slaDeadlines(sla({ resolutionDueAt: null }), NOW)).toEqual(['Responder até 14:30']);
    expect(slaDeadlines(null, NOW)).toEqual([]);
    // Missed: said as past, not as a deadline to meet.
    expect(
      slaDeadlines(sla({ state: 'breached', responseDueAt: '2026-12-07T14:55:00Z', resolutionDueAt: null }), NOW),
    ).toEqual(['Resposta venceu às 11:55']);
    expect(
      slaDeadlines(sla({ state: 'breached', responded: true, resolutionDueAt: '2026-12-05T20:00:00Z' }), NOW),
    ).toEqual(['Resolução venceu em 05/12 às 17:00']);
    // Breached by the server's word while this browser's clock is a few seconds behind.
    expect(
      slaDeadlines(sla({ state: 'breached', responseDueAt: '2026-12-07T15:00:05Z', resolutionDueAt: null }), NOW),
    ).toEqual(['Resposta venceu às 12:00']);
  });

  it('focuses the deadline that matters: the one missed, else the nearest running', () => {
    const at = (iso: string) => Date.parse(iso);
    expect(slaFocus(sla(), NOW)).toEqual({ target: 'response', dueAt: at('2026-12-07T17:30:00Z'), missed: false });
    expect(slaFocus(sla({ responded: true }), NOW)).toEqual({
      target: 'resolution',
      dueAt: at('2026-12-08T12:00:00Z'),
      missed: false,
    });
    expect(slaFocus(sla({ responded: true, paused: true }), NOW)).toBeNull();
    // Answered late: still breached by the response.
    expect(slaFocus(sla({ state: 'breached', responded: true, responseDueAt: '2026-12-07T14:50:00Z' }), NOW)).toEqual({
      target: 'response',
      dueAt: at('2026-12-07T14:50:00Z'),
      missed: true,
    });
    expect(
      slaFocus(
        sla({ state: 'breached', responded: true, responseDueAt: null, resolutionDueAt: '2026-12-07T14:00:00Z' }),
        NOW,
      ),
    ).toEqual({ target: 'resolution', dueAt: at('2026-12-07T14:00:00Z'), missed: true });
    // Breached by the server's word while this browser's clock is a few seconds behind.
    expect(slaFocus(sla({ state: 'breached', responseDueAt: '2026-12-07T15:00:05Z' }), NOW)).toEqual({
      target: 'response',
      dueAt: at('2026-12-07T15:00:05Z'),
      missed: true,
    });
    expect(slaFocus(null, NOW)).toBeNull();
  });

  it('says how long until or since the deadline', () => {
    expect(dueRelative(NOW.getTime() + 5 * 60_000 + 20_000, NOW)).toBe('vence em 5 min');
    expect(dueRelative(NOW.getTime() + 30_000, NOW)).toBe('vence em menos de 1 min');
    expect(dueRelative(NOW.getTime() - 3 * 60_000, NOW)).toBe('estourou há 3 min');
    expect(dueRelative(NOW.getTime() - 10_000, NOW)).toBe('estourou agora');
    expect(dueRelative(NOW.getTime() + 5_000, NOW, true)).toBe('estourou agora');
    expect(durationWords(2 * 3_600_000 + 10 * 60_000)).toBe('2 h 10 min');
    expect(durationWords(3 * 3_600_000)).toBe('3 h');
    expect(durationWords(28 * 3_600_000)).toBe('1 d 4 h');
  });
});
