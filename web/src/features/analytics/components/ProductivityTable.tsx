/**
 * The agents' productivity as a sortable table: every header is a button (click, Enter or Space)
 * that sorts by its column, and the sorted header says so with `aria-sort`. The SLA columns show
 * the attainment with its sample (`92,3 % · n = 130`), or `—` and why. Scrolls sideways on
 * narrow screens, the agent's name staying first.
 */
import { Box, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import type { ProductivityAgent } from '../api/schemas';
import { nextSort, PRODUCTIVITY_COLUMNS, sortAgents, type ProductivitySort } from '../productivity';
import { FigureInfo } from './FigureInfo';
import { ScrollTable } from './ScrollTable';
import { SlaAttainment } from './SlaAttainment';
import classes from './analytics.module.css';

export function ProductivityTable({ agents }: { agents: readonly ProductivityAgent[] }) {
  const [sort, setSort] = useState<ProductivitySort>({ column: 'name', direction: 'ascending' });
  const rows = useMemo(() => sortAgents(agents, sort), [agents, sort]);
  const captionId = useId();
  return (
    <Box>
      {/*
       * The table's name, above the scroll area rather than a <caption> inside it: a caption is as
       * wide as the table, so on a phone it scrolled away with the columns and was cut off.
       */}
      <Text id={captionId} size="sm" mb={8}>
        Produtividade por atendente, ordenada por {PRODUCTIVITY_COLUMNS.find((c) => c.column === sort.column)?.label} (
        {sort.direction === 'ascending' ? 'crescente' : 'decrescente'}). Clique num título para ordenar.
      </Text>
      <ScrollTable label="Produtividade por atendente (tabela)" minWidth={1440}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-labelledby={captionId}>
          <Table.Thead>
            <Table.Tr>
              {PRODUCTIVITY_COLUMNS.map(({ column, label, figure }) => {
                const active = sort.column === column;
                const Icon = !active ? IconArrowsSort : sort.direction === 'ascending' ? IconArrowUp : IconArrowDown;
                return (
                  <Table.Th
                    key={column}
                    scope="col"
                    aria-sort={active ? sort.direction : 'none'}
                    className={column === 'name' ? classes.nameCell : classes.numeric}
                  >
                    <Group gap={2} wrap="nowrap" justify={column === 'name' ? 'flex-start' : 'flex-end'}>
                      <UnstyledButton className={classes.sortButton} onClick={() => setSort(nextSort(sort, column))}>
                        {label}
                        <Icon size={14} aria-hidden />
                      </UnstyledButton>
                      {figure ? <FigureInfo figure={figure} label={label} /> : null}
                    </Group>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((agent) => (
              <Table.Tr key={agent.userId}>
                {PRODUCTIVITY_COLUMNS.map(({ column, format, attainment }) =>
                  column === 'name' ? (
                    <Table.Th key={column} scope="row" fw={500} className={classes.nameCell}>
                      {format(agent)}
                    </Table.Th>
                  ) : (
                    <Table.Td key={column} className={classes.numeric}>
                      {attainment ? <SlaAttainment {...attainment(agent)} /> : format(agent)}
                    </Table.Td>
                  ),
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Box>
  );
}
