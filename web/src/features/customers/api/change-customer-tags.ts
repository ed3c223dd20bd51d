/**
 * POST /api/customers/{id}/tags `{add, remove}` → `{tags}` (docs/tags.md): those who see every
 * ticket, or one of the customer's tickets (403 `customer_tags_forbidden` otherwise). It names what
 * changes, never the whole set, so two people tagging at once both land. The answer is written into
 * the rows and the detail at once (../cache.ts); `CustomerTagsChanged` tells every other screen
 * (../realtime.ts). The inbox's customer panel has its own call (features may not share code).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { TagRefSchema, type TagRef } from '../../../lib/tags';
import { setCustomerTags } from '../cache';

const CustomerTagsSchema = z.object({ tags: z.array(TagRefSchema) });

export interface CustomerTagChange {
  customerId: number;
  add: number[];
  remove: number[];
}

export async function changeCustomerTags({ customerId, add, remove }: CustomerTagChange): Promise<TagRef[]> {
  const answer = await http.post(`/api/customers/${customerId}/tags`, { add, remove }, { schema: CustomerTagsSchema });
  return answer.tags;
}

export function useChangeCustomerTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCustomerTags,
    onSuccess: (tags, { customerId }) => setCustomerTags(queryClient, customerId, tags),
  });
}
