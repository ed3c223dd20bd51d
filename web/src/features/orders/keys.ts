/**
 * Query keys of the orders (docs/orders.md). Every key starts with `['orders']`, so a reconnected
 * socket (an `OrderChanged` may have been missed) reads every list again at once.
 */
export const ORDERS_KEY = ['orders'] as const;

export const orderKeys = {
  all: () => ORDERS_KEY,
  /** Every customer's list of orders. */
  customers: () => [...ORDERS_KEY, 'customer'] as const,
  /** A customer's orders the caller may see, newest first, page after page (`before=`). */
  customer: (customerId: number) => [...ORDERS_KEY, 'customer', customerId] as const,
};
