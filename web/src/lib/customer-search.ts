/**
 * Finding a customer to write to from outside a conversation (the scheduling dialog's picker, from
 * the scheduled messages screen): GET /api/customers?search=&limit= → `{data: [customer],
 * next_cursor}` (any logged-in user; docs/inbox.md#customers) — the same list the customers screen
 * pages through (features/customers), read here as a first page only. `search` is a part of the
 * name (any case) or four or more digits of the phone, at most 100 characters.
 */
import * as z from 'zod/mini';
import { http } from './http';
import { formatPhone } from './phone';

/** A customer as the picker shows it: the name (may be '') and the phone (E.164, or WhatsApp's id). */
export const CustomerChoiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  blacklisted: z._default(z.boolean(), false),
});
export type CustomerChoice = z.infer<typeof CustomerChoiceSchema>;

const CustomerChoicePageSchema = z.object({ data: z.array(CustomerChoiceSchema) });

/** Customers a search shows at once. */
export const CUSTOMER_SEARCH_LIMIT = 20;
/** The server refuses a longer search (422 `invalid_search`). */
export const MAX_CUSTOMER_SEARCH = 100;

/** Wait this long after the last keystroke before searching. */
export const CUSTOMER_SEARCH_DEBOUNCE_MS = 300;

/** How a customer shows once chosen: "Maria Souza · +55 11 98888-7777", or the phone alone. */
export function customerLabel(customer: Pick<CustomerChoice, 'name' | 'phone'>): string {
  const phone = formatPhone(customer.phone);
  return customer.name ? `${customer.name} · ${phone}` : phone;
}

/** The first customers matching `search` (the newest when it is blank). */
export async function searchCustomers(search: string, signal?: AbortSignal): Promise<CustomerChoice[]> {
  const term = search.trim().slice(0, MAX_CUSTOMER_SEARCH);
  const page = await http.get('/api/customers', {
    query: { search: term === '' ? undefined : term, limit: CUSTOMER_SEARCH_LIMIT },
    schema: CustomerChoicePageSchema,
    signal,
  });
  return page.data;
}
