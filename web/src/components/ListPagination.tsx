/**
 * The foot of a server-paginated list: which rows are shown out of how many, the page size, and
 * the pages. Wraps below the md breakpoint so it fits a 390 px screen.
 */
import { Group, Pagination, Select, Text } from '@mantine/core';

export interface ListPaginationProps {
  page: number;
  pages: number;
  limit: number;
  total: number;
  /** Page sizes offered. */
  limits: readonly number[];
  /** What the rows are, in the plural ("usuários", "tenants"). */
  noun: string;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
}

export function ListPagination({
  page,
  pages,
  limit,
  total,
  limits,
  noun,
  onPageChange,
  onLimitChange,
}: ListPaginationProps) {
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap">
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {total === 0 ? `Nenhum item` : `${first}–${last} de ${total} ${noun}`}
        </Text>
        <Select<number>
          aria-label="Itens por página"
          size="xs"
          w={76}
          allowDeselect={false}
          data={limits.map((value) => ({ value, label: String(value) }))}
          value={limit}
          onChange={(value) => {
            if (value !== null) onLimitChange(value);
          }}
        />
      </Group>
      <Pagination
        total={Math.max(pages, 1)}
        value={Math.min(page, Math.max(pages, 1))}
        onChange={onPageChange}
        size="sm"
        siblings={1}
        boundaries={1}
        hideWithOnePage
        getControlProps={(control) => ({
          'aria-label': {
            first: 'Primeira página',
            previous: 'Página anterior',
            next: 'Próxima página',
            last: 'Última página',
          }[control],
        })}
      />
    </Group>
  );
}
