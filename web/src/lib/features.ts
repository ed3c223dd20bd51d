/**
 * The tenant's feature options (docs/contracts.md#plans-features-and-limits) as far as the web app
 * knows them, and which catalogue routes each option covers. The server refuses what a disabled
 * option covers with 403 `feature_disabled`; the app hides those menu entries too.
 *
 * The user info (`GET /api/auth/userInfo`) carries the options the tenant has on as `features`:
 * `["analytics", "reports", …]`. Without it (an older server), or in any other shape, the features
 * are unknown and nothing is hidden.
 */
import { catalogueRoutes } from '../config/paths';
import { ApiError } from './http';

/**
 * The option each gated route needs, read from the catalogue's `feature` field
 * (config/route-catalogue.json, which the server's feature gate reads too): dashboards `analytics`
 * (the productivity report included: its API is under /api/dashboard/, docs/analytics.md#dashboard-api),
 * reports and sheets `reports`, the chatbot editor `chatbot`, campaigns `campaigns` and the webhook
 * endpoints `webhooks` (docs/campaigns.md), the two-factor screen `two_factor` (the server refuses
 * enrolling without it; a redirect there for a role that requires it still works — only the menu
 * entry goes).
 */
export const ROUTE_FEATURES: Readonly<Record<string, string>> = Object.fromEntries(
  catalogueRoutes.flatMap((route) => (route.feature === undefined ? [] : [[route.name, route.feature] as const])),
);

/** The 403 code of a call a disabled feature option covers (docs/contracts.md#api-conventions). */
export const FEATURE_DISABLED = 'feature_disabled';

/** The answer of a call the tenant's options do not cover: 403 `feature_disabled`. */
export function isFeatureDisabled(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === FEATURE_DISABLED;
}

/**
 * The options that are on, from the user info's `features`; null when it does not say (absent, or
 * not a list of option names): then nothing is hidden.
 */
export function enabledFeatures(features: unknown): ReadonlySet<string> | null {
  if (!Array.isArray(features)) return null;
  const options: unknown[] = features;
  return options.every((option) => typeof option === 'string') ? new Set(options) : null;
}

/** False only when the features are known and the option the route needs is off. */
export function featureAllows(routeName: string, features: ReadonlySet<string> | null): boolean {
  const option = ROUTE_FEATURES[routeName];
  return option === undefined || features === null || features.has(option);
}
