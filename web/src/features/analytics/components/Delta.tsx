/**
 * The period-over-period variation of a figure: an arrow and the percentage, green when it is
 * better and red when worse — for counts more is better (unless `lowerIsBetter`), for durations
 * less is better. The arrow and colour are not the only cue: the text says it too.
 */
import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { formatPercent, trendOf, variation } from '../format';
import classes from './analytics.module.css';

export interface DeltaProps {
  current: number | null | undefined;
  previous: number | null | undefined;
  /** Durations: a fall is good news. */
  lowerIsBetter?: boolean;
  /** What the previous figure was, for the tooltip text (`412`, `3 min 20 s`). */
  previousLabel?: string;
}

export function Delta({ current, previous, lowerIsBetter = false, previousLabel }: DeltaProps) {
  const ratio = variation(current, previous);
  const before = previousLabel ? ` (antes: ${previousLabel})` : '';
  if (ratio === null) {
    return (
      <Text size="xs" c="dimmed">
        {previous === 0 && current !== null && current !== undefined && current > 0
          ? `Sem base no período anterior${before}`
          : `Sem comparação${before}`}
      </Text>
    );
  }
  const trend = trendOf(ratio);
  const good = trend === 'flat' ? null : (trend === 'down') === lowerIsBetter;
  const Icon = trend === 'up' ? IconArrowUpRight : trend === 'down' ? IconArrowDownRight : IconMinus;
  const className = good === null ? classes.neutral : good ? classes.better : classes.worse;
  const words = trend === 'flat' ? 'estável' : `${trend === 'up' ? 'subiu' : 'caiu'} ${formatPercent(Math.abs(ratio))}`;
  return (
    <Group gap={4} wrap="nowrap" className={className}>
      <Icon size={16} aria-hidden />
      <Text size="xs" fw={600} span>
        {trend === 'flat' ? '0%' : `${trend === 'up' ? '+' : '−'}${formatPercent(Math.abs(ratio))}`}
      </Text>
      <Text size="xs" c="dimmed" span>
        vs. período anterior{before}
      </Text>
      <VisuallyHidden>
        {words}
        {good === null ? '' : good ? ', melhor' : ', pior'}
      </VisuallyHidden>
    </Group>
  );
}
