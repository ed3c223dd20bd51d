/**
 * When a scheduled message goes: its day (DateField) and time (TimeField), São Paulo time
 * ("Horário de Brasília", lib/send-at.ts), and the quick choices "Amanhã 9h", "Em 1 hora" and
 * "Segunda 9h", which fill both. A refusal (the form's check, or the server's `invalid_send_at`)
 * shows under the day.
 */
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { inOneHour, nextMondayAt, tomorrowAt, wallClockOf, type WallClock } from '../lib/send-at';
import { DateField } from './DateField';
import { TimeField } from './TimeField';

export interface SendAtFieldsProps {
  value: WallClock;
  onChange: (value: WallClock) => void;
  /** Under the day: why the moment cannot be used. */
  error?: string | null;
  /** The form's `data-path` props of the day field (`getInputNode` finds it to focus it). */
  dateInputProps?: Record<string, unknown>;
}

const QUICK_CHOICES: { label: string; pick: (now: Date) => WallClock }[] = [
  { label: 'Amanhã 9h', pick: (now) => tomorrowAt(now, 9) },
  { label: 'Em 1 hora', pick: inOneHour },
  { label: 'Segunda 9h', pick: (now) => nextMondayAt(now, 9) },
];

/** `YYYY-MM-DD` plus a year, for the calendar's last day. */
function aYearAfter(date: string): string {
  const [year, month, day] = date.split('-');
  return `${Number(year) + 1}-${month}-${day}`;
}

export function SendAtFields({ value, onChange, error, dateInputProps }: SendAtFieldsProps) {
  const [today] = useState(() => wallClockOf(new Date()).date);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={2} spacing="sm">
        <DateField
          label="Data"
          description="Horário de Brasília"
          required
          minDate={today}
          maxDate={aYearAfter(today)}
          {...dateInputProps}
          value={value.date}
          onChange={(date) => onChange({ ...value, date })}
          error={error ?? undefined}
        />
        <TimeField
          label="Hora"
          description="24 horas"
          required
          value={value.time}
          onChange={(time) => onChange({ ...value, time })}
          error={error ? true : undefined}
        />
      </SimpleGrid>
      <Group gap={6} role="group" aria-label="Escolhas rápidas de data e hora">
        <Text size="xs" c="dimmed" component="span">
          Rápido:
        </Text>
        {QUICK_CHOICES.map((choice) => (
          <Button
            key={choice.label}
            size="compact-sm"
            variant="light"
            onClick={() => onChange(choice.pick(new Date()))}
          >
            {choice.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
