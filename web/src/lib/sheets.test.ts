import { describe, expect, it } from 'vitest';
import { fallbackFileName, sheetPath, sheetQuery } from './sheets';

const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };

// docs/analytics.md#sheets; the specification's §7 (Tenants) names each sheet's parameters.
describe('sheet requests', () => {
  it('the caller’s own tenant: the period and the options each sheet takes, nothing else', () => {
    expect(sheetPath('instance_logs')).toBe('/api/tenant/sheets/instance_logs');
    expect(sheetQuery('orders', NOVEMBER, { websiteId: 2, estimation: true, reasonId: 3 })).toEqual({
      startAt: '2026-11-01',
      finishAt: '2026-11-30',
    });
    expect(sheetQuery('attendances', NOVEMBER, { websiteId: 2, estimation: true })).toEqual({
      startAt: '2026-11-01',
      finishAt: '2026-11-30',
      websiteId: 2,
      estimation: true,
    });
    expect(sheetQuery('attendances', NOVEMBER, { tagId: 4 })).toEqual({
      startAt: '2026-11-01',
      finishAt: '2026-11-30',
      tagId: 4,
    });
    expect(sheetQuery('orders', NOVEMBER, { tagId: 4 })).not.toHaveProperty('tagId');
    expect(sheetQuery('attendances', NOVEMBER, { websiteId: null, estimation: false })).toEqual({
      startAt: '2026-11-01',
      finishAt: '2026-11-30',
      websiteId: undefined,
      estimation: undefined,
    });
    expect(sheetQuery('reasons', NOVEMBER, { reasonId: 3 })).toEqual({
      startAt: '2026-11-01',
      finishAt: '2026-11-30',
      reasonId: 3,
    });
  });

  it('an operator’s: tenancyId on the reasons sheet, tenantName on the other three', () => {
    const acme = { id: 7, name: 'acme' };
    expect(sheetQuery('orders', NOVEMBER, {}, acme)).toEqual({
      startAt: '2026-11-01',
      finishAt: '2026-11-30',
      tenantName: 'acme',
    });
    expect(sheetQuery('instance_logs', NOVEMBER, {}, acme)).toMatchObject({ tenantName: 'acme' });
    expect(sheetQuery('attendances', NOVEMBER, { websiteId: 31 }, acme)).toMatchObject({
      tenantName: 'acme',
      websiteId: 31,
    });
    const reasons = sheetQuery('reasons', NOVEMBER, { reasonId: null }, acme);
    expect(reasons).toEqual({ startAt: '2026-11-01', finishAt: '2026-11-30', tenancyId: 7, reasonId: undefined });
    expect(reasons).not.toHaveProperty('tenantName');
  });

  it('names the file when the answer does not', () => {
    expect(fallbackFileName('pedidos', NOVEMBER)).toBe('pedidos_2026-11-01_a_2026-11-30.xlsx');
    expect(fallbackFileName('pedidos', NOVEMBER, { id: 7, name: 'acme' })).toBe(
      'pedidos_acme_2026-11-01_a_2026-11-30.xlsx',
    );
  });
});
