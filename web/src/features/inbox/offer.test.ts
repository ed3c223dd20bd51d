import { describe, expect, it } from 'vitest';
import { clockText, countdownText, isOffer, offerDeadline, offerSeconds, secondsLeft } from './offer';
import { transfer } from './test-data';

const NOTE = 'Distribuição automática: aceite em até 60 s';

describe('the distribution’s offers', () => {
  it('is a transfer from nobody to a person', () => {
    expect(isOffer(transfer(1, { fromUser: null, note: NOTE }))).toBe(true);
    // An older payload without the field reads the same.
    expect(isOffer({ toDepartment: null })).toBe(true);
    expect(isOffer(transfer(1))).toBe(false);
    // A department's transfer is a person's, whatever its payload leaves out.
    expect(isOffer({ fromUser: null, toDepartment: { id: 3, name: 'Financeiro' } })).toBe(false);
  });

  it('reads the seconds to accept from the note, or none', () => {
    expect(offerSeconds(NOTE)).toBe(60);
    // The conversation's line says it the same way.
    expect(offerSeconds('Oferecido a Ana (rodízio): 1/5 atendimentos, online há 12 min — aceite em até 600 s')).toBe(
      600,
    );
    expect(offerSeconds('Distribuição automática: ACEITE EM ATÉ 5s')).toBe(5);
    expect(offerSeconds('Distribuição automática')).toBeNull();
    expect(offerSeconds('aceite em até 0 s')).toBeNull();
    expect(offerSeconds(null)).toBeNull();
    expect(offerSeconds(undefined)).toBeNull();
  });

  it('ends its creation plus those seconds', () => {
    expect(offerDeadline({ createdAt: '2026-11-23T12:00:00Z', note: NOTE })).toBe(Date.parse('2026-11-23T12:01:00Z'));
    expect(offerDeadline({ createdAt: '2026-11-23T12:00:00Z', note: null })).toBeNull();
    expect(offerDeadline({ createdAt: 'ontem', note: NOTE })).toBeNull();
  });

  it('counts down in minutes and seconds, a started second counting, then says the time is up', () => {
    const deadline = Date.parse('2026-11-23T12:01:00Z');
    expect(secondsLeft(deadline, deadline - 42_000)).toBe(42);
    expect(secondsLeft(deadline, deadline - 41_200)).toBe(42);
    expect(secondsLeft(deadline, deadline + 5_000)).toBe(0);
    expect(clockText(42)).toBe('0:42');
    expect(clockText(65)).toBe('1:05');
    expect(clockText(600)).toBe('10:00');
    expect(countdownText(42)).toBe('aceite em 0:42');
    expect(countdownText(0)).toBe('tempo esgotado');
  });
});
