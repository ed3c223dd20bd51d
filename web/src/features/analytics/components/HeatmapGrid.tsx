/**
 * Tickets per hour of the week (docs/analytics.md, `heatmap`): a 7 × 24 table, days in rows and
 * hours in columns, each cell coloured by its share of the busiest hour and named in full for
 * screen readers (`Segunda-feira, 9 h às 10 h: 31 tickets`). On a phone the table scrolls sideways
 * (the scroll area takes the keyboard focus, so arrows scroll it).
 */
import { Group, Text, VisuallyHidden } from '@mantine/core';
import { useMemo } from 'react';
import { buildHeatGrid, type HeatCell } from '../heatmap';
import { formatCount } from '../format';
import classes from './analytics.module.css';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

export function HeatmapGrid({ cells, caption }: { cells: readonly HeatCell[]; caption: string }) {
  const grid = useMemo(() => buildHeatGrid(cells), [cells]);
  return (
    <>
      <div className={classes.scroll} tabIndex={0} role="region" aria-label={`${caption} (role para os lados)`}>
        <table className={classes.heatTable}>
          <caption>
            <VisuallyHidden>
              {caption}: {formatCount(grid.total)} tickets; na hora mais movimentada, {formatCount(grid.max)}.
            </VisuallyHidden>
          </caption>
          <thead>
            <tr>
              <td aria-hidden />
              {HOURS.map((hour) => (
                <th key={hour} scope="col" aria-label={`${hour} h`}>
                  {hour}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.rows.map((row) => (
              <tr key={row.weekday}>
                <th scope="row" aria-label={row.name}>
                  {row.short}
                </th>
                {row.cells.map((cell) => (
                  <td
                    key={cell.hour}
                    className={classes.heatCell}
                    data-level={cell.level}
                    aria-label={cell.label}
                    title={cell.label}
                  >
                    {cell.tickets > 0 ? cell.tickets : ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Group gap="xs" mt="xs" aria-hidden>
        <Text size="xs" c="dimmed">
          Menos
        </Text>
        {[0, 1, 2, 3, 4].map((level) => (
          <span key={level} className={`${classes.heatCell} ${classes.heatLegend}`} data-level={level} />
        ))}
        <Text size="xs" c="dimmed">
          Mais
        </Text>
      </Group>
    </>
  );
}
