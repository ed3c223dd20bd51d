/**
 * The rows of a list as a table from md (768 px) up and as cards below, both in the page at once
 * (CSS shows one), so a resize never refetches. The feature renders each row (`<Table.Tr>`) and
 * each card (`<ListCard>`); the last column is its actions menu (components/RowActionsMenu), under
 * a header only screen readers hear (none for a list without actions, `withActions={false}`). While the next page loads the previous one stays, dimmed
 * and `aria-busy`.
 */
import { Box, Card, Paper, Stack, Table, Text, VisuallyHidden, type CardProps } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import classes from './ResponsiveList.module.css';

export interface ResponsiveListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string | number;
  /** The table's column headers, the actions column's excepted. */
  headers: readonly string[];
  /** One `<Table.Tr>`, its last cell the row's actions. */
  renderRow: (item: T) => ReactNode;
  /** One `<ListCard>`. */
  renderCard: (item: T) => ReactNode;
  /** The rows are the previous page's, kept while the next one loads. */
  stale?: boolean;
  /** Names the table for screen readers ("Registros de auditoria"). */
  label?: string;
  /**
   * The rows end with their actions (default): a last column under a header only screen readers
   * hear. False for a list without actions (its rows render no such cell).
   */
  withActions?: boolean;
}

export function ResponsiveList<T>({
  items,
  getKey,
  headers,
  renderRow,
  renderCard,
  stale = false,
  label,
  withActions = true,
}: ResponsiveListProps<T>) {
  return (
    <Box className={classes.list} aria-busy={stale}>
      <Paper withBorder radius="md" visibleFrom="md">
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {headers.map((header) => (
                <Table.Th key={header}>{header}</Table.Th>
              ))}
              {withActions ? (
                <Table.Th w={60}>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Fragment key={getKey(item)}>{renderRow(item)}</Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Stack gap="sm" hiddenFrom="md">
        {items.map((item) => (
          <Fragment key={getKey(item)}>{renderCard(item)}</Fragment>
        ))}
      </Stack>
    </Box>
  );
}

/** One row of the list on a phone: a bordered card. */
export function ListCard({ children, ...props }: CardProps & { children: ReactNode; 'data-testid'?: string }) {
  return (
    <Card withBorder radius="md" padding="md" {...props}>
      {children}
    </Card>
  );
}

/** A "label: value" line of a card, the label dimmed. */
export function ListCardDetail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}
