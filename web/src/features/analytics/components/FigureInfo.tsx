/**
 * The info button beside a figure: its definition (definitions.ts, docs/analytics.md#definitions),
 * the day it counts on and, when the figure has one, the sample size behind it. Opens on click,
 * Enter or a tap (a hover-only tooltip would leave out keyboards and phones).
 */
import { ActionIcon, Popover, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { DAY_NOTE, DEFINITIONS, type FigureId } from '../definitions';
import { formatCount } from '../format';

export interface FigureInfoProps {
  figure: FigureId;
  /** Tickets behind a median (`count` of the answer). */
  sample?: number | null;
  /** The name the button says, when the figure is shown under another name. */
  label?: string;
}

export function FigureInfo({ figure, sample, label }: FigureInfoProps) {
  const definition = DEFINITIONS[figure];
  const name = label ?? definition.label;
  return (
    <Popover width={300} position="bottom" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`O que é: ${name}`}>
          <IconInfoCircle size={16} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text fw={600} size="sm">
            {name}
          </Text>
          <Text size="sm">{definition.definition}</Text>
          <Text size="xs" c="dimmed">
            Contado {definition.countedOn}. {DAY_NOTE}
          </Text>
          {sample !== undefined && sample !== null ? (
            <Text size="xs" c="dimmed">
              Amostra: {formatCount(sample)} {sample === 1 ? 'ticket' : 'tickets'}.
            </Text>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
