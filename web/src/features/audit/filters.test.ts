import { describe, expect, it } from 'vitest';
import { auditQuery, filtersFromParams, hasFilters, NO_AUDIT_FILTERS, paramsWithFilters } from './filters';
import { actorLabel, areaLabel, formatWhen, originLabel, requestLine } from './labels';

describe('the audit filters in the URL', () => {
  it('reads the filters under the API’s names, and ignores what cannot be one', () => {
    expect(
      filtersFromParams(new URLSearchParams('userId=7&action=users_create&from=2026-12-01&to=2026-12-06')),
    ).toEqual({ userId: 7, action: 'users_create', from: '2026-12-01', to: '2026-12-06' });
    expect(filtersFromParams(new URLSearchParams('userId=abc&action=a%20b&from=ontem&to=2026-02-31'))).toEqual(
      NO_AUDIT_FILTERS,
    );
  });

  it('writes them, removes the cleared ones and keeps the other parameters', () => {
    const next = paramsWithFilters(new URLSearchParams('userId=7&other=1'), {
      ...NO_AUDIT_FILTERS,
      action: 'users_create',
    });
    expect(next.toString()).toBe('other=1&action=users_create');
  });

  it('sends only the chosen filters', () => {
    expect(auditQuery({ ...NO_AUDIT_FILTERS, userId: 7, to: '2026-12-06' })).toEqual({
      userId: 7,
      action: undefined,
      from: undefined,
      to: '2026-12-06',
    });
    expect(hasFilters(NO_AUDIT_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_AUDIT_FILTERS, from: '2026-12-01' })).toBe(true);
  });
});

describe('the audit labels', () => {
  it('writes an entry’s parts in pt_BR', () => {
    expect(formatWhen('2026-12-06T16:05:00Z')).toBe('06/12/2026 13:05');
    expect(originLabel('session')).toBe('Sessão');
    expect(originLabel('token')).toBe('Token de API');
    expect(actorLabel({ id: 40, name: 'ERP Bling', kind: 'integration' })).toBe('ERP Bling (integração)');
    expect(actorLabel({ id: 7, name: 'Ana Souza', kind: 'person' })).toBe('Ana Souza');
    expect(areaLabel('usuários')).toBe('Usuários');
    expect(requestLine({ method: 'POST', path: '/api/users', status: 201 })).toBe('POST /api/users');
    expect(requestLine({ method: 'DELETE', path: '/api/users/7', status: 403 })).toBe('DELETE /api/users/7 · 403');
  });
});
