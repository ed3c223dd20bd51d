/**
 * /customers content (route `customers`; docs/inbox.md#customers): two tabs, "Clientes" (the
 * directory: search, export, blacklist) and "Grupos" (the groups of customers and their members),
 * and a customer's detail in a drawer. The tab, the open customer, the search and the tag filter
 * are in the URL (`?aba=grupos`, `?cliente=7`, `?q=`, `?tag=3` as the inbox's queue names it), so
 * reload, back and a shared link work. Only the tab shown is mounted (a hidden one would wait,
 * busy, for data it never asks for); the search and the filter outlive it.
 */
import { Drawer, Tabs } from '@mantine/core';
import { IconAddressBook, IconUsersGroup } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCustomer } from '../api/get-customer';
import { SEARCH_DEBOUNCE_MS } from '../api/get-customers';
import { displayName } from '../format';
import { CustomerDetailPanel } from './CustomerDetailPanel';
import { CustomersPanel } from './CustomersPanel';
import { GroupsPanel } from './GroupsPanel';

type Tab = 'clientes' | 'grupos';

const TAB_PARAM = 'aba';
const CUSTOMER_PARAM = 'cliente';
const SEARCH_PARAM = 'q';
/** The tag filter's id. */
const TAG_PARAM = 'tag';

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

export interface CustomersScreenProps {
  /** Where a ticket of a customer's history opens (the inbox: app/routes/customers.tsx). */
  ticketHref: (ticketId: number) => string;
}

export function CustomersScreen({ ticketHref }: CustomersScreenProps) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get(TAB_PARAM) === 'grupos' ? 'grupos' : 'clientes';
  const customerId = positiveInt(params.get(CUSTOMER_PARAM));
  const tagId = positiveInt(params.get(TAG_PARAM));
  const customer = useCustomer(customerId);
  // Kept here: the tab's panel unmounts while "Grupos" is shown. The search reaches the URL once
  // typing pauses (`?q=`), so a reload or a shared link finds the same customers.
  const [search, setSearch] = useState(() => params.get(SEARCH_PARAM) ?? '');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    setParams(
      (current) => {
        if ((current.get(SEARCH_PARAM) ?? '') === debounced) return current;
        const next = new URLSearchParams(current);
        if (debounced) next.set(SEARCH_PARAM, debounced);
        else next.delete(SEARCH_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [debounced, setParams]);

  /** The current URL's search with `changes` (null removes a parameter). */
  function searchWith(changes: Record<string, string | null>): string {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const text = next.toString();
    return text ? `?${text}` : '';
  }

  const detailHref = (id: number) => searchWith({ [CUSTOMER_PARAM]: String(id) });
  const groupsHref = searchWith({ [TAB_PARAM]: 'grupos', [CUSTOMER_PARAM]: null });

  return (
    <>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) => setParams(searchWith({ [TAB_PARAM]: value === 'grupos' ? 'grupos' : null }))}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="clientes" leftSection={<IconAddressBook size={16} />}>
            Clientes
          </Tabs.Tab>
          <Tabs.Tab value="grupos" leftSection={<IconUsersGroup size={16} />}>
            Grupos
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="clientes">
          <CustomersPanel
            search={search}
            debouncedSearch={debounced}
            onSearchChange={setSearch}
            tagId={tagId}
            onTagChange={(next) => setParams(searchWith({ [TAG_PARAM]: next === null ? null : String(next) }))}
            detailHref={detailHref}
            onOpen={(chosen) => setParams(searchWith({ [CUSTOMER_PARAM]: String(chosen.id) }))}
          />
        </Tabs.Panel>
        <Tabs.Panel value="grupos">
          <GroupsPanel />
        </Tabs.Panel>
      </Tabs>
      <Drawer
        opened={customerId !== null}
        onClose={() => setParams(searchWith({ [CUSTOMER_PARAM]: null }), { replace: true })}
        position="right"
        size="min(100vw, 36rem)"
        title={customer.data ? displayName(customer.data) : 'Cliente'}
      >
        {customerId !== null ? (
          <CustomerDetailPanel customerId={customerId} ticketHref={ticketHref} groupsHref={groupsHref} />
        ) : null}
      </Drawer>
    </>
  );
}
