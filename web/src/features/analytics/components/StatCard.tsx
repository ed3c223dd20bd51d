/**
 * One figure of a dashboard: its name with the definition button, the value, an optional line
 * under it (the p90, the sample) and the variation against the previous period. With `onOpen` the
 * value is a button that lists the tickets behind it (the drill-down drawer).
 */
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FigureId } from '../definitions';
import { FigureInfo } from './FigureInfo';
import classes from './analytics.module.css';

export interface StatCardProps {
  figure: FigureId;
  /** The name shown (default: the definition's). */
  label: string;
  value: string;
  /** A second line under the value. */
  detail?: ReactNode;
  delta?: ReactNode;
  sample?: number | null;
  /** Opens the tickets behind the figure. */
  onOpen?: () => void;
  /** Highlighted (red border): something needs attention. */
  alert?: boolean;
}

export function StatCard({ figure, label, value, detail, delta, sample, onOpen, alert = false }: StatCardProps) {
  const valueText = (
    <Text className={classes.figureValue} component="span" display="block">
      {value}
    </Text>
  );
  return (
    <Paper withBorder radius="md" p="md" className={alert ? classes.alert : undefined} data-figure={figure}>
      <Stack gap={6}>
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Text size="sm" fw={500} c="dimmed">
            {label}
          </Text>
          <FigureInfo figure={figure} sample={sample} label={label} />
        </Group>
        {onOpen ? (
          // The name repeats the visible words in their order ("412 Ver os tickets" inside
          // "Tickets abertos: 412. Ver os tickets"): the space keeps "412" and "Ver" two words
          // for assistive technology (axe `label-content-name-mismatch`).
          <UnstyledButton
            onClick={onOpen}
            className={classes.figureButton}
            aria-label={`${label}: ${value}. Ver os tickets`}
          >
            {valueText}{' '}
            <Text size="xs" c="dimmed" component="span">
              Ver os tickets
            </Text>
          </UnstyledButton>
        ) : (
          valueText
        )}
        {detail ? (
          <Text size="xs" c="dimmed" component="div">
            {detail}
          </Text>
        ) : null}
        {delta}
      </Stack>
    </Paper>
  );
}
