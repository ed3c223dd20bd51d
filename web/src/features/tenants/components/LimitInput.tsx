/**
 * A tenant limit (users, tickets per month, media in MB): a whole number in pt_BR format (1.000),
 * with the chosen plan's default as the hint (empty = the plan's, 0 = unlimited).
 */
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { planLimitHint } from '../limits';

type LimitInputProps = Omit<NumberInputProps, 'description' | 'min' | 'allowDecimal' | 'allowNegative'> & {
  /** The plan's default for this limit, when a plan is chosen. */
  planDefault: number | undefined;
  /** How the hint words the plan's default (the number, `1.000`, unless given). */
  formatDefault?: (limit: number) => string;
};

export function LimitInput({ planDefault, formatDefault, ...props }: LimitInputProps) {
  return (
    <NumberInput
      description={planLimitHint(planDefault, formatDefault)}
      min={0}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator="."
      decimalSeparator=","
      {...props}
    />
  );
}
