import { describe, expect, it } from 'vitest';
import { describeOutcome, saoPauloToIso } from './simulation';

describe('the simulated outcome', () => {
  it('says where the conversation went', () => {
    const base = { departmentId: null, departmentName: null, optionKey: null };
    expect(describeOutcome({ ...base, status: 'routed', departmentId: 6, departmentName: 'Financeiro' }).label).toBe(
      'Encaminhado para Financeiro',
    );
    expect(describeOutcome({ ...base, status: 'routed', departmentId: 6 }).label).toBe(
      'Encaminhado para o departamento #6',
    );
    expect(describeOutcome({ ...base, status: 'handed_over' }).label).toBe('Passado para um atendente');
    expect(describeOutcome({ ...base, status: 'bot' }).label).toBe('Ainda com o bot');
  });

  it('reads a pretended moment as São Paulo time', () => {
    expect(saoPauloToIso('2026-11-25T20:30')).toBe('2026-11-25T23:30:00.000Z');
    expect(saoPauloToIso('')).toBeNull();
  });
});
