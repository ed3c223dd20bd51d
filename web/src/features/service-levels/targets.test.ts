import { describe, expect, it } from 'vitest';
import {
  joinMinutes,
  policyKey,
  policyName,
  policySummary,
  splitMinutes,
  TARGET_RANGE_ERROR,
  targetText,
} from './targets';

describe('the SLA targets', () => {
  it('shows minutes as hours and minutes, and sends them back as minutes', () => {
    expect(splitMinutes(90)).toEqual({ hours: 1, minutes: 30 });
    expect(splitMinutes(30)).toEqual({ hours: 0, minutes: 30 });
    expect(splitMinutes(480)).toEqual({ hours: 8, minutes: 0 });
    expect(splitMinutes(null)).toEqual({ hours: '', minutes: '' });
    expect(joinMinutes({ hours: 1, minutes: 30 })).toEqual({ ok: true, minutes: 90 });
    expect(joinMinutes({ hours: '', minutes: 1 })).toEqual({ ok: true, minutes: 1 });
    expect(joinMinutes({ hours: 2, minutes: '' })).toEqual({ ok: true, minutes: 120 });
    // Both empty: no target.
    expect(joinMinutes({ hours: '', minutes: '' })).toEqual({ ok: true, minutes: null });
    expect(joinMinutes({ hours: 720, minutes: 0 })).toEqual({ ok: true, minutes: 43_200 });
  });

  it('refuses zero, more than 30 days and what is not a whole number, in the server’s words', () => {
    expect(TARGET_RANGE_ERROR).toBe(
      'Meta inválida: de 1 a 43.200 minutos úteis (30 dias), ou vazia para não ter meta.',
    );
    for (const draft of [
      { hours: 0, minutes: 0 },
      { hours: 720, minutes: 1 },
      { hours: '1.5', minutes: '' },
      { hours: -1, minutes: 30 },
    ]) {
      expect(joinMinutes(draft)).toEqual({ ok: false, error: TARGET_RANGE_ERROR });
    }
  });

  it('says the targets and a saved policy', () => {
    expect(targetText(30)).toBe('30 min');
    expect(targetText(480)).toBe('8 h');
    expect(targetText(90)).toBe('1 h 30 min');
    expect(targetText(null)).toBe('sem meta');
    const base = { departmentId: null, departmentName: null, pauseOnCustomer: false };
    expect(policyName(base)).toBe('Padrão da empresa');
    expect(policyName({ departmentId: 3, departmentName: 'Financeiro' })).toBe('Financeiro');
    expect(policyKey(base)).toBe('default');
    expect(policyKey({ departmentId: 3 })).toBe('3');
    expect(policySummary({ ...base, firstResponseMinutes: 30, resolutionMinutes: 480, pauseOnCustomer: true })).toBe(
      'Padrão da empresa: primeira resposta em 30 min e resolução em 8 h (tempo útil), pausando enquanto espera o cliente.',
    );
    expect(policySummary({ ...base, firstResponseMinutes: 1, resolutionMinutes: null, pauseOnCustomer: true })).toBe(
      'Padrão da empresa: primeira resposta em 1 min (tempo útil).',
    );
    expect(policySummary({ ...base, firstResponseMinutes: null, resolutionMinutes: null })).toBe(
      'Padrão da empresa: sem metas de atendimento.',
    );
  });
});
