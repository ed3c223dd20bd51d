/** Query keys of the service levels screen (/service-levels): every key starts with `['service-levels']`. */
export const SERVICE_LEVELS_KEY = ['service-levels'] as const;

export const serviceLevelKeys = {
  all: () => SERVICE_LEVELS_KEY,
  /** `GET /api/calendar`: the opening hours and holidays. */
  calendar: () => [...SERVICE_LEVELS_KEY, 'calendar'] as const,
  /** `GET /api/sla`: the default's and each department's targets. */
  policies: () => [...SERVICE_LEVELS_KEY, 'sla'] as const,
};
