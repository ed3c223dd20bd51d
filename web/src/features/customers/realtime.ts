/**
 * The customers screen live (docs/realtime.md; payloads: server/src/domain/conversations/events.rs):
 * `CustomerBlacklisted {customer_id, blacklisted}` is written into every loaded page and the
 * customer's detail, no request; `GroupOfCustomersUpdated {group_id, name, members}` (a group
 * created, renamed or whose members changed) writes the group's name and size, then reads the groups
 * and the open details again (whose groups may have changed); `CustomersMerged {customer_id,
 * merged_customer_id}` reads the lists and details again, and `CustomerChanged {customer_id}` (edited,
 * legal hold, erased) the lists, that detail and its privacy. Tags (docs/tags.md): `CustomerTagsChanged
 * {customer_id, tags}` writes the customer's tags into the rows and the detail, and `TagsChanged
 * {tags}` renames, recolours and drops the tags the rows show (cache.ts). Called from
 * app/realtime.ts.
 */
import type { QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { RealtimeEvent } from '../../lib/realtime';
import { TAGS_CHANGED_EVENT, TagRefSchema } from '../../lib/tags';
import { patchBlacklisted, putGroup, refreshCustomerTags, setCustomerTags } from './cache';
import { customerKeys } from './keys';

/** A customer's own data changed in place: edited, legal hold set or lifted, erased (LGPD). */
const CUSTOMER_CHANGED_EVENT = 'CustomerChanged';

const BlacklistedEvent = z.object({ customer_id: z.number(), blacklisted: z.boolean() });
const CustomerTagsEvent = z.object({ customer_id: z.number(), tags: z.array(TagRefSchema) });
const TagsEvent = z.object({ tags: z.array(TagRefSchema) });
const ChangedEvent = z.object({ customer_id: z.number() });
const GroupEvent = z.object({ group_id: z.number(), name: z.nullish(z.string()), members: z.number() });

/** Applies an event of the customers screen; other events are left alone. */
export function applyCustomersEvent(queryClient: QueryClient, event: RealtimeEvent): void {
  if (event.event === 'CustomerBlacklisted') {
    const payload = BlacklistedEvent.safeParse(event);
    if (payload.success) patchBlacklisted(queryClient, payload.data.customer_id, payload.data.blacklisted);
    else void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
    return;
  }
  if (event.event === CUSTOMER_CHANGED_EVENT) {
    // Edited, put under or out of a legal hold, or erased (LGPD): the rows, the open detail and its
    // "Privacidade (LGPD)" are read again, each with the viewer's own entitlement.
    const payload = ChangedEvent.safeParse(event);
    void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
    void queryClient.invalidateQueries({
      queryKey: payload.success ? customerKeys.detail(payload.data.customer_id) : customerKeys.details(),
    });
    if (payload.success)
      void queryClient.invalidateQueries({ queryKey: customerKeys.privacy(payload.data.customer_id) });
    return;
  }
  if (event.event === 'CustomersMerged') {
    // One customer is gone into another: every list and open detail is read again (the absorbed
    // one's detail then says it no longer exists).
    void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: customerKeys.details() });
    return;
  }
  if (event.event === 'CustomerTagsChanged') {
    const payload = CustomerTagsEvent.safeParse(event);
    if (payload.success) setCustomerTags(queryClient, payload.data.customer_id, payload.data.tags);
    else {
      void queryClient.invalidateQueries({ queryKey: customerKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: customerKeys.details() });
    }
    return;
  }
  if (event.event === TAGS_CHANGED_EVENT) {
    // A payload of another shape: lib/tags.ts reads the tags again; the rows keep theirs meanwhile.
    const payload = TagsEvent.safeParse(event);
    if (payload.success) refreshCustomerTags(queryClient, payload.data.tags);
    return;
  }
  if (event.event === 'GroupOfCustomersUpdated') {
    const payload = GroupEvent.safeParse(event);
    if (payload.success && payload.data.name) {
      putGroup(queryClient, { id: payload.data.group_id, name: payload.data.name, members: payload.data.members });
    }
    void queryClient.invalidateQueries({ queryKey: customerKeys.groups() });
    void queryClient.invalidateQueries({ queryKey: customerKeys.details() });
  }
}
