/** Query keys of the customers screen (its customers, one customer and their privacy, the groups). */

export const CUSTOMERS_KEY = ['customers'] as const;

export const customerKeys = {
  /** Every list of customers, whatever the search and tag (the screen's and the group dialog's). */
  lists: () => [...CUSTOMERS_KEY, 'list'] as const,
  /** The customers matching `search` ('' = every customer) with the tag `tagId` (null: any), paged. */
  list: (search: string, tagId: number | null = null) => [...CUSTOMERS_KEY, 'list', search, tagId] as const,
  details: () => [...CUSTOMERS_KEY, 'detail'] as const,
  detail: (id: number) => [...CUSTOMERS_KEY, 'detail', id] as const,
  /** `GET /api/customers/{id}/privacy` (route `customers`). */
  privacy: (id: number) => [...CUSTOMERS_KEY, 'privacy', id] as const,
  /** Every group of customers, by name, with its size. */
  groups: () => [...CUSTOMERS_KEY, 'groups'] as const,
};
