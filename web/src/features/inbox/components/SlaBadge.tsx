/**
 * A ticket's SLA in the inbox (lib/sla.ts): the queue's badge — only at risk ("Em risco", orange)
 * or breached ("SLA estourado", red), said in words and heard as "SLA: …" — and the conversation's
 * header line: the badge, then the deadlines ("Responder até 14:30", "Resolver até amanhã às
 * 09:00") or "Pausado: aguardando o cliente". Nothing without a policy.
 */
import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconAlarm, IconClockPause } from '@tabler/icons-react';
import { slaAlert, slaDeadlines, type Sla } from '../../../lib/sla';

const EXPLANATION = 'Metas de atendimento (SLA) contadas no horário de atendimento da empresa.';

export function SlaBadge({ sla, size = 'xs' }: { sla: Sla | null; size?: 'xs' | 'sm' }) {
  const alert = slaAlert(sla);
  if (!alert) return null;
  return (
    <Badge
      size={size}
      color={alert.color}
      variant="light"
      flex="none"
      title={EXPLANATION}
      leftSection={<IconAlarm size={size === 'xs' ? 10 : 12} aria-hidden />}
      data-testid="sla-badge"
      data-state={alert.state}
    >
      <VisuallyHidden>SLA: </VisuallyHidden>
      {alert.label}
    </Badge>
  );
}

export interface SlaStatusProps {
  sla: Sla | null;
  closed: boolean;
  now: Date;
  className?: string;
  /** Wrapped in its own line (a narrow conversation's bar under the header), when shown at all. */
  barClassName?: string;
  'data-testid'?: string;
}

/** The header's line: the badge and the deadlines (none once the ticket is closed). */
export function SlaStatus({
  sla,
  closed,
  now,
  className,
  barClassName,
  'data-testid': testId = 'sla-status',
}: SlaStatusProps) {
  if (!sla) return null;
  const deadlines = closed ? [] : slaDeadlines(sla, now);
  const alert = slaAlert(sla);
  if (!alert && deadlines.length === 0) return null;
  const line = (
    <Group gap={6} wrap="wrap" className={className} data-testid={testId}>
      <SlaBadge sla={sla} size="sm" />
      {deadlines.map((line) => (
        <Group key={line} gap={3} wrap="nowrap" miw={0}>
          {line.startsWith('Pausado') ? <IconClockPause size={13} aria-hidden /> : null}
          <Text size="xs" c="dimmed">
            {line}
          </Text>
        </Group>
      ))}
    </Group>
  );
  return barClassName ? <div className={barClassName}>{line}</div> : line;
}
