/** Query keys of the message search: every key starts with `['search']`. */
export const searchKeys = {
  all: () => ['search'] as const,
  /** The results of one search (its text as sent), page after page. */
  messages: (query: string) => ['search', 'messages', query] as const,
};
