/**
 * The bar above a server-paginated list: its search and filters on the left, growing to fill the
 * line, and the list's main action (a "Novo …" button) on the right. On a phone the two wrap onto
 * lines of their own.
 */
import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ListToolbarProps {
  /** The search field and filters. */
  children: ReactNode;
  /** The main action, kept at the end of the line. */
  action?: ReactNode;
  /** The width the filters need before the action wraps below them (a CSS length). */
  filtersBasis?: string;
}

export function ListToolbar({ children, action, filtersBasis = '320px' }: ListToolbarProps) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
      <Group gap="sm" wrap="wrap" flex={`1 1 ${filtersBasis}`}>
        {children}
      </Group>
      {action}
    </Group>
  );
}
