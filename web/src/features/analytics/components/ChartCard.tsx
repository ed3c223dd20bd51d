/**
 * A chart with its text alternative: the drawing is one image named by a summary (`summary`), and
 * the same numbers follow in a visually hidden table a screen reader can walk, cell by cell.
 */
import { Box, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FigureId } from '../definitions';
import { FigureInfo } from './FigureInfo';

/** The colour of a chart's axis labels: the dimmed text colour, 4.5:1 in both schemes (theme.ts). */
export const CHART_TEXT = 'var(--mantine-color-dimmed)';

export interface ChartColumn<Row> {
  label: string;
  value: (row: Row) => string;
}

export interface ChartCardProps<Row> {
  title: string;
  /** The definition button beside the title. */
  figure?: FigureId;
  sample?: number | null;
  /** One sentence saying what the chart shows (the image's name). */
  summary: string;
  /** The hidden table: its rows and columns. */
  rows: readonly Row[];
  columns: readonly ChartColumn<Row>[];
  rowKey: (row: Row) => string;
  /** What to say instead of a chart when there is nothing to draw. */
  empty?: string | null;
  children: ReactNode;
  /** Height of the drawing area. */
  height?: number;
}

export function ChartCard<Row>({
  title,
  figure,
  sample,
  summary,
  rows,
  columns,
  rowKey,
  empty,
  children,
  height = 260,
}: ChartCardProps<Row>) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group gap={4} wrap="nowrap">
          <Title order={3} size="h5">
            {title}
          </Title>
          {figure ? <FigureInfo figure={figure} sample={sample} label={title} /> : null}
        </Group>
        {empty ? (
          <Text size="sm" c="dimmed" py="lg" ta="center">
            {empty}
          </Text>
        ) : (
          <>
            <Box role="img" aria-label={summary} h={height}>
              {children}
            </Box>
            <VisuallyHidden>
              <Table>
                <caption>{title}</caption>
                <Table.Thead>
                  <Table.Tr>
                    {columns.map((column) => (
                      <Table.Th key={column.label} scope="col">
                        {column.label}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={rowKey(row)}>
                      {columns.map((column, index) =>
                        index === 0 ? (
                          <Table.Th key={column.label} scope="row">
                            {column.value(row)}
                          </Table.Th>
                        ) : (
                          <Table.Td key={column.label}>{column.value(row)}</Table.Td>
                        ),
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}
