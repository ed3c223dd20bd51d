import { describe, expect, it } from 'vitest';
import type { Board } from './api/get-home';
import {
  bytesGaugeText,
  formatPercent,
  gaugeText,
  instanceProblem,
  nearLimitText,
  needsAttention,
  TICKETS_THIS_MONTH,
  usageSummary,
  USERS,
} from './board';

const calm: Board = {
  instances: { total: 2, attention: [] },
  people: { online: 1, total: 3, blocked: [], blockedCount: 0, missingTwoFactor: 0 },
  usage: { users: { used: 3, limit: 25 }, ticketsThisMonth: { used: 10, limit: null } },
  loginFailures: { last24h: 2, recent: [] },
  inbox: { pending: 0, open: 3 },
  operator: null,
};

describe('the home board in words (docs/account.md#home-board)', () => {
  it('says usage in pt_BR numbers, singular or plural', () => {
    expect(usageSummary({ users: { used: 8, limit: 25 }, ticketsThisMonth: { used: 1240, limit: 10000 } })).toBe(
      '8 de 25 usuários · 1.240 de 10.000 tickets este mês',
    );
    expect(gaugeText({ used: 1, limit: null }, USERS)).toBe('1 usuário');
    expect(gaugeText({ used: 1, limit: 0 }, TICKETS_THIS_MONTH)).toBe('1 ticket este mês');
    expect(gaugeText({ used: 12345, limit: null }, TICKETS_THIS_MONTH)).toBe('12.345 tickets este mês');
    expect(formatPercent(0.324)).toBe('32%');
  });

  it('says the media kept in bytes as words, with the plan sentences kept as they were', () => {
    const GB = 1024 ** 3;
    const MB = 1024 ** 2;
    expect(bytesGaugeText({ used: 1.2 * GB, limit: 2 * GB })).toBe('1,2 GB de 2 GB');
    expect(bytesGaugeText({ used: 350 * MB, limit: 2 * GB })).toBe('350 MB de 2 GB');
    expect(bytesGaugeText({ used: 12 * MB, limit: null })).toBe('12 MB');
    expect(bytesGaugeText({ used: 512, limit: 0 })).toBe('512 B');
    expect(
      usageSummary({
        users: { used: 8, limit: 25 },
        ticketsThisMonth: { used: 1240, limit: 10000 },
        mediaBytes: { used: 1.2 * GB, limit: 2 * GB },
      }),
    ).toBe('8 de 25 usuários · 1.240 de 10.000 tickets este mês · 1,2 GB de 2 GB de mídia');
    expect(usageSummary({ users: { used: 1, limit: null }, mediaBytes: { used: 12 * MB, limit: null } })).toBe(
      '1 usuário · 12 MB de mídia',
    );
    // An older server sends no media gauge: the sentence is the same as before.
    expect(usageSummary({ users: { used: 8, limit: 25 }, mediaBytes: null })).toBe('8 de 25 usuários');
    expect(nearLimitText({ resource: 'mediaBytes', used: 1.8 * GB, limit: 2 * GB })).toBe('1,8 GB de 2 GB de mídia');
    expect(nearLimitText({ resource: 'users', used: 24, limit: 25 })).toBe('24 de 25 usuários');
  });

  it('explains why an instance is listed', () => {
    expect(instanceProblem({ status: 'disconnected', lastSyncStatus: 'failed' })).toBe(
      'Desconectada · sincronização falhou',
    );
    expect(instanceProblem({ status: 'connected', lastSyncStatus: 'failed' })).toBe('sincronização falhou');
    expect(instanceProblem({ status: 'qrcode', lastSyncStatus: null })).toBe('Aguardando o QR code');
  });

  it('needs attention for a problem instance, a blocked person, a missing second factor, a limit at 80% (media too), a queue', () => {
    expect(needsAttention(calm)).toBe(false);
    expect(
      needsAttention({
        ...calm,
        instances: { total: 2, attention: [{ id: 1, name: 'Vendas', status: 'disconnected' }] },
      }),
    ).toBe(true);
    expect(needsAttention({ ...calm, people: { ...calm.people!, blockedCount: 1 } })).toBe(true);
    expect(needsAttention({ ...calm, people: { ...calm.people!, missingTwoFactor: 1 } })).toBe(true);
    expect(needsAttention({ ...calm, usage: { users: { used: 20, limit: 25 } } })).toBe(true);
    expect(needsAttention({ ...calm, usage: { ...calm.usage, mediaBytes: { used: 1600, limit: 2000 } } })).toBe(true);
    expect(needsAttention({ ...calm, usage: { ...calm.usage, mediaBytes: { used: 1500, limit: 2000 } } })).toBe(false);
    expect(needsAttention({ ...calm, usage: { ...calm.usage, mediaBytes: { used: 9000, limit: null } } })).toBe(false);
    expect(needsAttention({ ...calm, loginFailures: { last24h: 10, recent: [] } })).toBe(true);
    expect(needsAttention({ ...calm, inbox: { pending: 1, open: 0 } })).toBe(true);
    // A queue nobody here is shown (an operator's board) asks nothing.
    expect(needsAttention({ ...calm, inbox: { pending: 1, open: 0 } }, false)).toBe(false);
    expect(
      needsAttention({
        ...calm,
        operator: { nearLimits: [{ tenant: 'loja', resource: 'users', used: 24, limit: 25 }], recentlyDeleted: [] },
      }),
    ).toBe(true);
  });
});
