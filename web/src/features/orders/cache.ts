/**
 * An order written into its customer's list, wherever it came from — the create or change answer,
 * or the socket's `OrderChanged` (realtime.ts) — without reading the list again: the same order
 * (by id) is replaced, unless what is cached is newer (`updatedAt`: a late event never undoes a
 * change); a new one goes where its id puts it (newest first), at the top for a new order. An
 * order older than every loaded one while more pages remain is left for "Carregar mais" to bring.
 * A customer whose list was never loaded is left alone: it is read when shown.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Order, OrderPage } from './api/schemas';
import { orderKeys } from './keys';

export type OrderPages = InfiniteData<OrderPage, number | null>;

function newer(a: string, b: string): boolean {
  const left = Date.parse(a);
  const right = Date.parse(b);
  return Number.isFinite(left) && Number.isFinite(right) ? left > right : false;
}

/** The pages with `order` in them (a new object when anything changed). */
export function withOrder(data: OrderPages, order: Order): OrderPages {
  const known = data.pages.some((page) => page.data.some((row) => row.id === order.id));
  if (known) {
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.data.some((row) => row.id === order.id)) return page;
      return {
        ...page,
        data: page.data.map((row) => {
          if (row.id !== order.id || newer(row.updatedAt, order.updatedAt)) return row;
          changed = true;
          return order;
        }),
      };
    });
    return changed ? { ...data, pages } : data;
  }
  if (data.pages.length === 0) return data;
  const pages = [...data.pages];
  for (const [index, page] of pages.entries()) {
    const at = page.data.findIndex((row) => row.id < order.id);
    const last = index === pages.length - 1;
    if (at >= 0 || (last && page.nextCursor === null)) {
      const rows = [...page.data];
      rows.splice(at >= 0 ? at : rows.length, 0, order);
      pages[index] = { ...page, data: rows };
      return { ...data, pages };
    }
  }
  return data;
}

/** Writes `order` into its customer's cached list (if any). */
export function putOrder(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData<OrderPages>(orderKeys.customer(order.customerId), (data) =>
    data ? withOrder(data, order) : data,
  );
}
