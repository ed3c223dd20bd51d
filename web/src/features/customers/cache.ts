/**
 * Writing into the customers' cache what an answer or an event already says, without asking the
 * server again: a customer put on or taken off the blacklist (every loaded page of every search,
 * and their detail), a customer renamed or erased (the same places), a customer merged into
 * another (gone from every page), a group's new name or size, a customer's tags (our change's
 * answer or `CustomerTagsChanged`) and the tenant's tags renamed, recoloured or deleted
 * (`TagsChanged`). A list filtered by a tag is read again instead
 * when who belongs in it may have changed: a page cannot tell where a newcomer would go.
 */
import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import type { TagRef } from '../../lib/tags';
import type { Customer, CustomerDetail, CustomerGroup, CustomerPage } from './api/schemas';
import { customerKeys } from './keys';

/** Every loaded page of every list with `change` applied to each customer. */
function patchCustomers(queryClient: QueryClient, change: (customer: Customer) => Customer): void {
  queryClient.setQueriesData<InfiniteData<CustomerPage>>({ queryKey: customerKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, data: page.data.map(change) })),
        }
      : data,
  );
}

/** The tag a list is filtered by (`customerKeys.list(search, tagId)`), or null. */
function listTag(query: Query): number | null {
  const tagId = query.queryKey[3];
  return typeof tagId === 'number' ? tagId : null;
}

export function patchBlacklisted(queryClient: QueryClient, id: number, blacklisted: boolean): void {
  patchCustomers(queryClient, (customer) => (customer.id === id ? { ...customer, blacklisted } : customer));
  queryClient.setQueryData<CustomerDetail>(customerKeys.detail(id), (detail) =>
    detail ? { ...detail, blacklisted } : detail,
  );
}

/**
 * A customer's record as an answer says it is now (renamed, a new e-mail, erased): their name,
 * phone, e-mail and blacklist in every loaded page and their detail; their tags, groups and history
 * stay as they were (the answer does not carry them).
 */
export function patchCustomer(queryClient: QueryClient, changed: Omit<Customer, 'tags'>): void {
  const { id, name, phone, email, blacklisted } = changed;
  const apply = <T extends Customer>(customer: T): T =>
    customer.id === id ? { ...customer, name, phone, email, blacklisted } : customer;
  patchCustomers(queryClient, apply);
  queryClient.setQueryData<CustomerDetail>(customerKeys.detail(id), (detail) => (detail ? apply(detail) : detail));
}

/** A customer who no longer exists (merged into another) out of every loaded page of every search. */
export function dropCustomer(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<InfiniteData<CustomerPage>>({ queryKey: customerKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, data: page.data.filter((customer) => customer.id !== id) })),
        }
      : data,
  );
}

/** The groups with `group` in (replacing the one with its id), by name as the server lists them. */
export function putGroup(queryClient: QueryClient, group: CustomerGroup): void {
  queryClient.setQueryData<CustomerGroup[]>(customerKeys.groups(), (groups) =>
    groups
      ? [...groups.filter((other) => other.id !== group.id), group].sort((a, b) =>
          a.name.localeCompare(b.name, 'pt-BR'),
        )
      : groups,
  );
}

/** A customer's detail with `group` in or out of their groups. */
export function patchMembership(
  queryClient: QueryClient,
  customerId: number,
  group: CustomerGroup,
  member: boolean,
): void {
  queryClient.setQueryData<CustomerDetail>(customerKeys.detail(customerId), (detail) => {
    if (!detail) return detail;
    const others = detail.groups.filter((other) => other.id !== group.id);
    const groups = member ? [...others, group].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')) : others;
    return { ...detail, groups };
  });
}

/**
 * A customer's tags as they are now, in every loaded page and their detail. The lists filtered by
 * a tag are read again: the customer may have joined or left one.
 */
export function setCustomerTags(queryClient: QueryClient, customerId: number, tags: readonly TagRef[]): void {
  const now = [...tags];
  patchCustomers(queryClient, (customer) => (customer.id === customerId ? { ...customer, tags: now } : customer));
  queryClient.setQueryData<CustomerDetail>(customerKeys.detail(customerId), (detail) =>
    detail ? { ...detail, tags: now } : detail,
  );
  void queryClient.invalidateQueries({ queryKey: customerKeys.lists(), predicate: (query) => listTag(query) !== null });
}

/** A customer's tags as the tenant's tags are now: renamed and recoloured, a deleted one gone. */
export function currentTags(tags: readonly TagRef[], known: ReadonlyMap<number, TagRef>): TagRef[] {
  return tags.flatMap((tag) => {
    const now = known.get(tag.id);
    return now ? [{ id: now.id, name: now.name, color: now.color }] : [];
  });
}

/**
 * The tenant's tags changed (`TagsChanged {tags}`): every cached customer shows their tags as they
 * are now, nothing read again — but a list filtered by a tag that no longer exists, which the
 * server now answers empty.
 */
export function refreshCustomerTags(queryClient: QueryClient, tags: readonly TagRef[]): void {
  const known = new Map(tags.map((tag) => [tag.id, tag]));
  const retag = <T extends Customer>(customer: T): T =>
    customer.tags.length === 0 ? customer : { ...customer, tags: currentTags(customer.tags, known) };
  patchCustomers(queryClient, retag);
  for (const [key, detail] of queryClient.getQueriesData<CustomerDetail>({ queryKey: customerKeys.details() })) {
    if (detail) queryClient.setQueryData<CustomerDetail>(key, retag(detail));
  }
  void queryClient.invalidateQueries({
    queryKey: customerKeys.lists(),
    predicate: (query) => {
      const tagId = listTag(query);
      return tagId !== null && !known.has(tagId);
    },
  });
}
