/**
 * The "Clientes" tab: the search (on the server: a part of the name, or four or more digits of the
 * phone), "Exportar CSV" of what it matches, the list page after page, and the blacklist asked from
 * a row's menu. A row opens the customer's detail (the screen's drawer).
 */
import { Button, Stack } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { ListToolbar } from '../../../components/ListToolbar';
import { SearchField } from '../../../components/SearchField';
import { MAX_CUSTOMER_SEARCH, useCustomers } from '../api/get-customers';
import type { Customer } from '../api/schemas';
import { BlacklistDialog } from './BlacklistDialog';
import { CustomersList } from './CustomersList';
import { ExportDialog } from './ExportDialog';

export interface CustomersPanelProps {
  /** What is typed in the search (the screen keeps it across tabs). */
  search: string;
  /** The search once typing paused (trimmed): what the list answers. */
  debouncedSearch: string;
  onSearchChange: (search: string) => void;
  detailHref: (id: number) => string;
  onOpen: (customer: Customer) => void;
}

export function CustomersPanel({
  search,
  debouncedSearch: debounced,
  onSearchChange: setSearch,
  detailHref,
  onOpen,
}: CustomersPanelProps) {
  const customers = useCustomers(debounced);
  const [exporting, setExporting] = useState(false);
  const [blacklisting, setBlacklisting] = useState<Customer | null>(null);

  return (
    <Stack gap="md">
      <ListToolbar
        filtersBasis="260px"
        action={
          <Button variant="default" leftSection={<IconFileExport size={18} />} onClick={() => setExporting(true)}>
            Exportar CSV
          </Button>
        }
      >
        <SearchField
          aria-label="Buscar clientes"
          placeholder="Buscar por nome ou telefone"
          value={search}
          onValueChange={setSearch}
          searching={customers.isFetching && !customers.isPending && !customers.isFetchingNextPage}
          clearTooltip
          maxLength={MAX_CUSTOMER_SEARCH}
          flex="1 1 260px"
          maw={420}
        />
      </ListToolbar>
      <CustomersList
        customers={customers}
        search={debounced}
        onClearSearch={() => setSearch('')}
        detailHref={detailHref}
        onOpen={onOpen}
        onBlacklist={setBlacklisting}
      />
      <ExportDialog opened={exporting} search={debounced} onClose={() => setExporting(false)} />
      <BlacklistDialog customer={blacklisting} onClose={() => setBlacklisting(null)} />
    </Stack>
  );
}
