import { describe, expect, it } from 'vitest';
import { ROUTE_FEATURES, enabledFeatures, featureAllows } from './features';

describe('enabledFeatures', () => {
  it('reads the options on from the user info’s list', () => {
    expect(enabledFeatures(['analytics', 'reports'])).toEqual(new Set(['analytics', 'reports']));
    expect(enabledFeatures([])).toEqual(new Set());
  });

  it('is unknown (null) when the user info does not say, or not as a list of names', () => {
    expect(enabledFeatures(undefined)).toBeNull();
    expect(enabledFeatures(null)).toBeNull();
    expect(enabledFeatures('analytics')).toBeNull();
    expect(enabledFeatures([{ option: 'analytics', enabled: true }])).toBeNull();
    expect(enabledFeatures(['analytics', 3])).toBeNull();
  });
});

describe('featureAllows', () => {
  it('gates the dashboards on analytics and the reports on reports; other routes never', () => {
    const reportsOnly = new Set(['reports']);
    expect(featureAllows('dashboard-analytics', reportsOnly)).toBe(false);
    expect(featureAllows('dashboard-produtivity-report', reportsOnly)).toBe(false);
    expect(featureAllows('dashboard-report-smart', reportsOnly)).toBe(true);
    expect(featureAllows('dashboard-report', new Set(['analytics']))).toBe(false);
    expect(featureAllows('users', new Set())).toBe(true);
    expect(featureAllows('dashboard-analytics', null)).toBe(true);
  });

  it('gates campaigns on `campaigns` and the webhook endpoints on `webhooks`', () => {
    expect(featureAllows('campaigns', new Set(['webhooks']))).toBe(false);
    expect(featureAllows('webhooks', new Set(['campaigns']))).toBe(false);
    expect(featureAllows('campaigns', new Set(['campaigns']))).toBe(true);
    expect(featureAllows('webhooks', new Set(['webhooks']))).toBe(true);
    expect(featureAllows('campaigns', null)).toBe(true);
  });
});

describe('ROUTE_FEATURES', () => {
  it('is the catalogue’s `feature` field: the option each gated route needs', () => {
    expect(ROUTE_FEATURES).toEqual({
      campaigns: 'campaigns',
      chatbot: 'chatbot',
      webhooks: 'webhooks',
      'two-factor': 'two_factor',
      'dashboard-analytics': 'analytics',
      'dashboard-control-panel': 'analytics',
      'dashboard-maria-panel': 'analytics',
      'dashboard-produtivity-report': 'analytics',
      'dashboard-report': 'reports',
      'dashboard-report-smart': 'reports',
    });
  });
});
