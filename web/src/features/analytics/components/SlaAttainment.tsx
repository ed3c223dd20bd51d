/**
 * An SLA attainment in a table cell (docs/analytics.md#definitions): the share of the tickets
 * closed with the target that met it and the sample size — `92,3 % · n = 130`, or the sample under
 * the share (`stacked`) —, or, when no
 * ticket closed in the period had the target, `—` with the reason as a tooltip and as text for
 * assistive technology.
 */
import { Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { formatAttainment, formatCount, NO_SLA_SAMPLE } from '../format';

export interface SlaAttainmentProps {
  /** Tickets that met the target. */
  met: number;
  /** Tickets closed in the period that had the target (the sample, n). */
  tickets: number;
  /** The sample on a line of its own (as the medians beside it show theirs), not after a `·`. */
  stacked?: boolean;
}

export function SlaAttainment({ met, tickets, stacked = false }: SlaAttainmentProps) {
  if (!(tickets > 0)) return <NoSlaSample />;
  const sample = (
    <>
      <abbr title="atendimentos encerrados com meta">n</abbr> = {formatCount(tickets)}
    </>
  );
  return stacked ? (
    <>
      {formatAttainment(met, tickets)}{' '}
      <Text size="xs" c="dimmed">
        {sample}
      </Text>
    </>
  ) : (
    <>
      {formatAttainment(met, tickets)}
      <Text span size="xs" c="dimmed">
        {' · '}
        {sample}
      </Text>
    </>
  );
}

/** `—`: no ticket with the target closed in the period (said in a tooltip and to screen readers). */
export function NoSlaSample() {
  return (
    <Tooltip label={NO_SLA_SAMPLE} withArrow>
      <span data-no-sample="">
        <span aria-hidden>—</span>
        <VisuallyHidden>{NO_SLA_SAMPLE}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}
