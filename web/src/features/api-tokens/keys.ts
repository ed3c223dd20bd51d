/** Query keys of the API tokens screen (/api-tokens): every key starts with `['api-tokens']`. */
export const API_TOKENS_KEY = ['api-tokens'] as const;

export const apiTokenKeys = {
  all: () => API_TOKENS_KEY,
  /** `GET /api/tokens`: every token of the company, never a secret. */
  list: () => [...API_TOKENS_KEY, 'list'] as const,
  /** `GET /api/users/options`: the roles, departments and instances the form offers. */
  options: () => [...API_TOKENS_KEY, 'options'] as const,
};
