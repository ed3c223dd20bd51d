/**
 * The period picker of the dashboards, reports and sheets: a preset (7, 30, 90 dias, este mês, mês
 * passado, personalizado) and the two days, `DD/MM/AAAA` (DateField), up to today in São Paulo.
 * Whoever holds the period (the URL, a dialog's state) passes it as a `PeriodChoice`; a range the
 * server would refuse (reversed, over 366 days) is said under the field it concerns.
 */
import { Select } from '@mantine/core';
import { PRESETS, today } from '../lib/period';
import { DateField } from './DateField';
import type { PeriodChoice } from './use-period-choice';

const REVERSED = 'A data final é anterior à inicial.';

export function PeriodFields({ choice }: { choice: PeriodChoice }) {
  const { period, preset, error } = choice;
  const max = today();
  return (
    <>
      <Select
        label="Período"
        data={PRESETS}
        value={preset}
        allowDeselect={false}
        onChange={(value) => value && choice.setPreset(value)}
        w={{ base: '100%', sm: 190 }}
      />
      <DateField
        label="De"
        value={period.from}
        maxDate={max}
        onChange={(from) => choice.setPeriod({ from, to: period.to })}
        error={error && error !== REVERSED ? error : undefined}
        w={{ base: 'calc(50% - 6px)', sm: 170 }}
      />
      <DateField
        label="Até"
        value={period.to}
        maxDate={max}
        onChange={(to) => choice.setPeriod({ from: period.from, to })}
        error={error === REVERSED ? error : undefined}
        w={{ base: 'calc(50% - 6px)', sm: 170 }}
      />
    </>
  );
}
