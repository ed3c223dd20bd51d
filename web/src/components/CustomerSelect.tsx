/**
 * "Cliente": a customer chosen by a search on the server (lib/customer-search.ts) — their name or
 * four or more digits of their phone, asked once typing pauses; blank, the newest customers. Each
 * option shows the name and the formatted phone; a blocked customer shows, but cannot be chosen
 * (they receive no messages). The list is read once the field is first opened (typing, a click
 * or ↓ — not the focus alone, which a dialog gives it on opening).
 */
import { Badge, Group, Loader, Select, Stack, Text, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import {
  CUSTOMER_SEARCH_DEBOUNCE_MS,
  customerLabel,
  MAX_CUSTOMER_SEARCH,
  searchCustomers,
  type CustomerChoice,
} from '../lib/customer-search';
import { formatPhone } from '../lib/phone';

/** The server has filtered already: every option it answered shows. */
const SERVER_FILTERED: OptionsFilter = ({ options }) => options;

export interface CustomerSelectProps {
  value: CustomerChoice | null;
  onChange: (customer: CustomerChoice | null) => void;
  label?: string;
  error?: ReactNode;
  /** Extra props of the input (a form's `data-path`, which `getInputNode` focuses). */
  inputProps?: Record<string, unknown>;
  'data-autofocus'?: boolean;
}

export function CustomerSelect({
  value,
  onChange,
  label = 'Cliente',
  error,
  inputProps,
  ...rest
}: CustomerSelectProps) {
  const [search, setSearch] = useState(value ? customerLabel(value) : '');
  const [opened, setOpened] = useState(false);
  // The chosen customer's own label in the box is no search.
  const typed = value && search === customerLabel(value) ? '' : search.trim().slice(0, MAX_CUSTOMER_SEARCH);
  const [debounced] = useDebouncedValue(typed, CUSTOMER_SEARCH_DEBOUNCE_MS);
  const customers = useQuery({
    queryKey: ['customer-search', debounced],
    queryFn: ({ signal }) => searchCustomers(debounced, signal),
    enabled: opened,
    staleTime: 30 * 1000,
    placeholderData: keepPreviousData,
  });
  const found = useMemo(() => {
    const list = customers.data ?? [];
    return value && !list.some((customer) => customer.id === value.id) ? [value, ...list] : list;
  }, [customers.data, value]);
  const data: ComboboxItem[] = found.map((customer) => ({
    value: String(customer.id),
    label: customerLabel(customer),
    disabled: customer.blacklisted,
  }));
  const searching = customers.isFetching || typed !== debounced;

  return (
    <Select
      label={label}
      required
      placeholder="Busque pelo nome ou telefone"
      description="Nome do cliente, ou 4 ou mais dígitos do telefone."
      searchable
      // Focused as the dialog opens: the list waits for a key or a click.
      openOnFocus={false}
      data={data}
      filter={SERVER_FILTERED}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(found.find((customer) => String(customer.id) === id) ?? null)}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      nothingFoundMessage={
        customers.isError
          ? 'Não foi possível buscar os clientes.'
          : searching || customers.isPending
            ? 'Buscando…'
            : 'Nenhum cliente encontrado'
      }
      rightSection={opened && searching ? <Loader size="xs" aria-label="Buscando clientes" /> : undefined}
      renderOption={({ option }) => {
        const customer = found.find((c) => String(c.id) === option.value);
        if (!customer) return option.label;
        return (
          <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
            <Stack gap={0} miw={0}>
              <Text size="sm">{customer.name || formatPhone(customer.phone)}</Text>
              {customer.name ? (
                <Text size="xs" c="dimmed">
                  {formatPhone(customer.phone)}
                </Text>
              ) : null}
            </Stack>
            {customer.blacklisted ? (
              <Badge size="xs" color="red" variant="light" flex="none">
                Bloqueado
              </Badge>
            ) : null}
          </Group>
        );
      }}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
      error={error}
      {...inputProps}
      {...rest}
    />
  );
}
