/**
 * The "Clientes" tab: the search (on the server: a part of the name, or four or more digits of the
 * phone), "Exportar CSV" of what it matches, the list page after page, and the blacklist asked from
 * a row's menu. A row opens the customer's detail (the screen's drawer).
 */
import { Button, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { ListToolbar } from '../../../components/ListToolbar';
import { SearchField } from '../../../components/SearchField';
import { MAX_CUSTOMER_SEARCH, useCustomers } from '../api/get-customers';
import type { Customer } from '../api/schemas';
import { BlacklistDialog } from './BlacklistDialog';
import { CustomersList } from './CustomersList';
import { ExportDialog } from './ExportDialog';

/** Wait this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface CustomersPanelProps {
  detailHref: (id: number) => string;
  onOpen: (customer: Customer) => void;
}

export function CustomersPanel({ detailHref, onOpen }: CustomersPanelProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
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
