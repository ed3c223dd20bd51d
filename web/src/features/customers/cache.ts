/**
 * Writing into the customers' cache what an answer or an event already says, without asking the
 * server again: a customer put on or taken off the blacklist (every loaded page of every search,
 * and their detail), a customer merged into another (gone from every page), a group's new name or
 * size.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CustomerDetail, CustomerGroup, CustomerPage } from './api/schemas';
import { customerKeys } from './keys';

export function patchBlacklisted(queryClient: QueryClient, id: number, blacklisted: boolean): void {
  queryClient.setQueriesData<InfiniteData<CustomerPage>>({ queryKey: customerKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.map((customer) => (customer.id === id ? { ...customer, blacklisted } : customer)),
          })),
        }
      : data,
  );
  queryClient.setQueryData<CustomerDetail>(customerKeys.detail(id), (detail) =>
    detail ? { ...detail, blacklisted } : detail,
  );
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
