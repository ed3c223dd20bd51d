/**
 * The "Clientes" tab: the search (on the server: a part of the name, or four or more digits of the
 * phone), the "Etiqueta" filter (the tenant's tags, components/TagSelect; shown once the tenant has
 * a tag, or while a filter from the URL is in use, so it can be cleared), "Exportar CSV" of what
 * both match, the list page after page, and the blacklist asked from a row's menu. A row opens the
 * customer's detail (the screen's drawer).
 */
import { Button, Stack } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ListToolbar } from '../../../components/ListToolbar';
import { SearchField } from '../../../components/SearchField';
import { TagSelect } from '../../../components/TagSelect';
import { useTags } from '../../../lib/tags';
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
  /** The tag the list is filtered by (`?tag=`); null: any. */
  tagId: number | null;
  onTagChange: (tagId: number | null) => void;
  detailHref: (id: number) => string;
  onOpen: (customer: Customer) => void;
}

export function CustomersPanel({
  search,
  debouncedSearch: debounced,
  onSearchChange: setSearch,
  tagId,
  onTagChange,
  detailHref,
  onOpen,
}: CustomersPanelProps) {
  const customers = useCustomers(debounced, tagId);
  const tags = useTags();
  const showTags = (tags.data?.length ?? 0) > 0 || tagId !== null;
  // The filter's tag by name (a tag deleted since, or the list not read yet: "Etiqueta 12").
  const tag = useMemo(
    () =>
      tagId === null
        ? null
        : { id: tagId, name: tags.data?.find((one) => one.id === tagId)?.name ?? `Etiqueta ${tagId}` },
    [tagId, tags.data],
  );
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
        {showTags ? (
          <TagSelect
            tags={tags.data ?? []}
            value={tagId}
            onChange={onTagChange}
            aria-label="Filtrar por etiqueta"
            placeholder="Etiqueta"
            flex="0 1 220px"
            miw={160}
            // Wider than the field: a tag's name up to 40 characters is cut at 200 px, so the list
            // never scrolls sideways.
            comboboxProps={{ withinPortal: true, width: 260, position: 'bottom-start' }}
          />
        ) : null}
      </ListToolbar>
      <CustomersList
        customers={customers}
        search={debounced}
        onClearSearch={() => setSearch('')}
        tagName={tag?.name ?? null}
        onClearTag={() => onTagChange(null)}
        detailHref={detailHref}
        onOpen={onOpen}
        onBlacklist={setBlacklisting}
      />
      <ExportDialog opened={exporting} search={debounced} tag={tag} onClose={() => setExporting(false)} />
      <BlacklistDialog customer={blacklisting} onClose={() => setBlacklisting(null)} />
    </Stack>
  );
}
