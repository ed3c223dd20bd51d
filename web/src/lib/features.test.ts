import { describe, expect, it } from 'vitest';
import { enabledFeatures, featureAllows } from './features';

describe('enabledFeatures', () => {
  it('reads the options on from the shapes the server may send', () => {
    expect(enabledFeatures(['analytics', 'reports'])).toEqual(new Set(['analytics', 'reports']));
    expect(
      enabledFeatures([
        { option: 'analytics', enabled: true },
        { option: 'reports', enabled: false },
      ]),
    ).toEqual(new Set(['analytics']));
    expect(enabledFeatures({ analytics: false, reports: true })).toEqual(new Set(['reports']));
  });

  it('is unknown (null) when the user info does not say', () => {
    expect(enabledFeatures(undefined)).toBeNull();
    expect(enabledFeatures('analytics')).toBeNull();
  });
});

describe('featureAllows', () => {
  it('gates the dashboards on analytics and the reports on reports; other routes never', () => {
    const reportsOnly = new Set(['reports']);
    expect(featureAllows('dashboard-analytics', reportsOnly)).toBe(false);
    expect(featureAllows('dashboard-produtivity-report', reportsOnly)).toBe(false);
    expect(featureAllows('dashboard-report-smart', reportsOnly)).toBe(true);
    expect(featureAllows('users', new Set())).toBe(true);
    expect(featureAllows('dashboard-analytics', null)).toBe(true);
  });
});
