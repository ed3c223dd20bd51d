/**
 * The app's date fields, in pt-BR whatever the browser's language: typed `DD/MM/AAAA` or picked in
 * a calendar (`@mantine/dates`, its months and weekdays from dayjs' `pt-br` set by the
 * `DatesProvider` in app/provider.tsx). What they hold is what the server takes, unchanged:
 *
 * - `DateField`: a day `YYYY-MM-DD` ('' = none), a São Paulo calendar day
 *   (docs/analytics.md#days-and-periods) — a string, never a `Date`, so no time zone moves it;
 * - `DateTimeField`: a day and time `YYYY-MM-DDTHH:mm` ('' = none), the value of the
 *   `datetime-local` field it replaces, read as São Paulo time by its screen;
 * - `DateRangeField`: a period of such days, both included, picked in one calendar (the first day,
 *   then the last); nothing reaches the screen until both are picked (or the field is cleared).
 *
 * The label is the input's (`<label for>`), as every field's; a typed day that is not whole or not
 * real changes nothing and the field shows the last good value again when left.
 */
import '@mantine/dates/styles.css';
import { useId, useState } from 'react';
import { DateInput, DatePickerInput, type DateInputProps, type DatePickerInputProps } from '@mantine/dates';
// The months and weekdays the DatesProvider's `pt-br` names (app/provider.tsx); loaded here, with
// the screens that have date fields, not with /login.
import 'dayjs/locale/pt-br';
import { parseTypedDateTime, parseTypedDay } from '../lib/dates';
import classes from './DateField.module.css';

/**
 * The calendar's arrow buttons, named in pt_BR (screen readers; docs/contracts.md#constants:
 * pt_BR). The month and year buttons are named by what they show (`novembro 2026`). Its days at
 * 4.5:1 (DateField.module.css).
 */
const CALENDAR_LABELS = {
  classNames: { day: classes.day },
  previousLabel: 'Mês anterior',
  nextLabel: 'Próximo mês',
  ariaLabels: {
    nextMonth: 'Próximo mês',
    previousMonth: 'Mês anterior',
    nextYear: 'Próximo ano',
    previousYear: 'Ano anterior',
    nextDecade: 'Próxima década',
    previousDecade: 'Década anterior',
  },
} satisfies Partial<DateInputProps>;

/** The clear button of an optional field, named (it is an icon). */
const CLEAR_BUTTON = { 'aria-label': 'Limpar a data' };

type BaseProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'minDate' | 'maxDate' | 'valueFormat' | 'dateParser' | 'withTime'
>;

export interface DateFieldProps extends BaseProps {
  /** `YYYY-MM-DD`, or '' (or absent) for none. */
  value?: string;
  onChange: (value: string) => void;
  /** The first day that can be chosen, `YYYY-MM-DD`. */
  minDate?: string;
  /** The last day that can be chosen, `YYYY-MM-DD`. */
  maxDate?: string;
}

export function DateField({ value, onChange, clearable, ...props }: DateFieldProps) {
  return (
    <DateInput
      placeholder="DD/MM/AAAA"
      {...CALENDAR_LABELS}
      {...props}
      clearable={clearable}
      allowDeselect={clearable}
      clearButtonProps={CLEAR_BUTTON}
      valueFormat="DD/MM/YYYY"
      dateParser={parseTypedDay}
      value={value ? value : null}
      onChange={(day) => onChange(day ?? '')}
    />
  );
}

export interface DateTimeFieldProps extends BaseProps {
  /** `YYYY-MM-DDTHH:mm`, or '' (or absent) for none. */
  value?: string;
  onChange: (value: string) => void;
}

/** `2026-11-29T23:00` → DateInput's `2026-11-29 23:00:00`. */
function toInputValue(value: string | undefined): string | null {
  return value && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value.replace('T', ' ')}:00` : null;
}

export function DateTimeField({ value, onChange, clearable, ...props }: DateTimeFieldProps) {
  return (
    <DateInput
      placeholder="DD/MM/AAAA HH:MM"
      {...CALENDAR_LABELS}
      {...props}
      clearable={clearable}
      allowDeselect={clearable}
      clearButtonProps={CLEAR_BUTTON}
      withTime
      valueFormat="DD/MM/YYYY HH:mm"
      dateParser={parseTypedDateTime}
      value={toInputValue(value)}
      onChange={(moment) => onChange(moment ? moment.slice(0, 16).replace(' ', 'T') : '')}
    />
  );
}

/** A period of days `YYYY-MM-DD` ('' = open at that end). */
export interface DayRange {
  from: string;
  to: string;
}

type RangeBaseProps = Omit<
  DatePickerInputProps<'range'>,
  | 'type'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'minDate'
  | 'maxDate'
  | 'valueFormat'
  | 'clearButtonProps'
  | 'classNames'
  | 'onDropdownClose'
>;

export interface DateRangeFieldProps extends RangeBaseProps {
  value: DayRange;
  /** Called with both days picked, or both '' when cleared. */
  onChange: (value: DayRange) => void;
  /** The first day that can be chosen, `YYYY-MM-DD`. */
  minDate?: string;
  /** The last day that can be chosen, `YYYY-MM-DD`. */
  maxDate?: string;
}

type PickedRange = [string | null, string | null];

/** The clear button of the period, named. */
const RANGE_CLEAR_BUTTON = { 'aria-label': 'Limpar o período' };

/**
 * A period in one calendar (`@mantine/dates` DatePickerInput, `type="range"`): `01/12/2026 –
 * 06/12/2026`; one day is a period too (the same day picked twice). A first day picked and the
 * calendar closed without the last one leaves the period as it was.
 */
export function DateRangeField({
  value,
  onChange,
  clearable,
  placeholder,
  id,
  popoverProps,
  ...props
}: DateRangeFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  // The first day, while the last one is being picked.
  const [draft, setDraft] = useState<PickedRange | null>(null);
  const shown: PickedRange = draft ?? [value.from || null, value.to || null];
  return (
    <DatePickerInput
      type="range"
      placeholder={placeholder ?? 'DD/MM/AAAA – DD/MM/AAAA'}
      {...CALENDAR_LABELS}
      classNames={{ day: classes.day, placeholder: classes.placeholder }}
      allowSingleDateInRange
      {...props}
      id={inputId}
      // The calendar (a dialog) is named by the field's label, else by the field itself: Mantine
      // names it after the popover's own id, which is not the field's.
      popoverProps={{ ...popoverProps, id: props.label ? `${inputId}-label` : inputId }}
      clearable={clearable}
      clearButtonProps={RANGE_CLEAR_BUTTON}
      valueFormat="DD/MM/YYYY"
      labelSeparator="–"
      value={shown}
      onDropdownClose={() => setDraft(null)}
      onChange={([from, to]) => {
        if (from && !to) {
          setDraft([from, null]);
          return;
        }
        setDraft(null);
        onChange({ from: from ?? '', to: to ?? '' });
      }}
    />
  );
}
