/** Errors of the dashboard and report calls. */
import { FEATURE_DISABLED } from '../../lib/features';
import { ApiError } from '../../lib/http';

/** 403 `feature_disabled`: the tenant has the option (analytics, reports) off. */
export function isFeatureDisabled(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === FEATURE_DISABLED;
}
