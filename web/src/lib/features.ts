/**
 * The tenant's feature options (docs/contracts.md#plans-features-and-limits) as far as the web app
 * knows them, and which catalogue routes each option covers. The server refuses what a disabled
 * option covers with 403 `feature_disabled`; the app hides those menu entries too.
 *
 * The user info (`GET /api/auth/userInfo`) is to carry the tenant's options as `features`; until it
 * does (web/README.md, "What the server does not offer yet") the features are unknown and nothing
 * is hidden. Read leniently: `["analytics", …]` (the options on), `[{option, enabled}]` (the tenant
 * list's shape) or `{analytics: true, …}`.
 */

/** The option each gated route needs: dashboards `analytics`, reports and sheets `reports`. */
export const ROUTE_FEATURES: Readonly<Record<string, string>> = {
  'dashboard-analytics': 'analytics',
  'dashboard-control-panel': 'analytics',
  'dashboard-maria-panel': 'analytics',
  // Its API is under /api/dashboard/ (docs/analytics.md#dashboard-api): the analytics option.
  'dashboard-produtivity-report': 'analytics',
  'dashboard-report': 'reports',
  'dashboard-report-smart': 'reports',
};

/** The 403 code of a call a disabled feature option covers (docs/contracts.md#api-conventions). */
export const FEATURE_DISABLED = 'feature_disabled';

/** The options that are on, or null when the answer does not say (then nothing is hidden). */
export function enabledFeatures(raw: unknown): ReadonlySet<string> | null {
  if (Array.isArray(raw)) {
    const on = new Set<string>();
    for (const entry of raw as unknown[]) {
      if (typeof entry === 'string') on.add(entry);
      else if (typeof entry === 'object' && entry !== null) {
        const { option, enabled } = entry as { option?: unknown; enabled?: unknown };
        if (typeof option === 'string' && enabled === true) on.add(option);
      }
    }
    return on;
  }
  if (typeof raw === 'object' && raw !== null) {
    return new Set(
      Object.entries(raw as Record<string, unknown>)
        .filter(([, enabled]) => enabled === true)
        .map(([option]) => option),
    );
  }
  return null;
}

/** False only when the features are known and the option the route needs is off. */
export function featureAllows(routeName: string, features: ReadonlySet<string> | null): boolean {
  const option = ROUTE_FEATURES[routeName];
  return option === undefined || features === null || features.has(option);
}
