import { describe, expect, it } from 'vitest';
import { isFull, loadPercent, loadSentence, policyName, policySummary, STRATEGY_INFO } from './labels';

describe('the distribution’s words', () => {
  it('names the strategies as the select offers them', () => {
    expect(STRATEGY_INFO.manual.label).toBe('Manual — a fila, quem pegar primeiro');
    expect(STRATEGY_INFO.round_robin.label).toBe('Rodízio — quem recebeu há mais tempo');
    expect(STRATEGY_INFO.balanced.label).toBe('Equilibrada — quem tem menos atendimentos');
  });

  it('says what a person holds of what they may hold, and when it is full', () => {
    expect(loadSentence({ openTickets: 2, effectiveCapacity: 4 })).toBe('2 de 4 atendimentos');
    expect(loadSentence({ openTickets: 1, effectiveCapacity: 1 })).toBe('1 de 1 atendimento');
    expect(isFull({ openTickets: 1, effectiveCapacity: 1 })).toBe(true);
    // Above capacity (a transfer accepted, a capacity lowered): full, the bar at its end.
    expect(isFull({ openTickets: 5, effectiveCapacity: 3 })).toBe(true);
    expect(loadPercent({ openTickets: 5, effectiveCapacity: 3 })).toBe(100);
    expect(isFull({ openTickets: 0, effectiveCapacity: 5 })).toBe(false);
    expect(loadPercent({ openTickets: 1, effectiveCapacity: 4 })).toBe(25);
  });

  it('calls the tickets without a department "Sem departamento"', () => {
    expect(policyName({ departmentName: null })).toBe('Sem departamento');
    expect(policyName({ departmentName: 'Financeiro' })).toBe('Financeiro');
  });

  it('sums a saved policy up, its offer time only for an automatic strategy', () => {
    const none = { departmentName: null, strategy: 'balanced', capacity: 1, offerSeconds: null } as const;
    expect(policySummary(none)).toBe('Sem departamento: Equilibrada, até 1 atendimento por pessoa.');
    expect(policySummary({ ...none, strategy: 'round_robin', capacity: 3, offerSeconds: 60 })).toBe(
      'Sem departamento: Rodízio, até 3 atendimentos por pessoa; quem recebe tem 60 s para aceitar.',
    );
    // The queue offers nothing.
    expect(policySummary({ ...none, strategy: 'manual', offerSeconds: 60 })).toBe(
      'Sem departamento: Manual, até 1 atendimento por pessoa.',
    );
  });
});
