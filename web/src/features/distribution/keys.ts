/** Query keys of the distribution screen (/distribution): every key starts with `['distribution']`. */
export const DISTRIBUTION_KEY = ['distribution'] as const;

export const distributionKeys = {
  all: () => DISTRIBUTION_KEY,
  /** `GET /api/distribution`: the policies and the people. */
  overview: () => [...DISTRIBUTION_KEY, 'overview'] as const,
};
