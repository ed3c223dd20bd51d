/**
 * A campaign's status badge and its progress: one bar whose sections are the recipients by status
 * (replied, read, delivered, sent, failed; what is left of the bar is still queued), named for
 * assistive technology as "12 de 40 processados (30%)", and a legend with every status's name and
 * number next to its colour, so colour never says anything alone.
 */
import { Badge, Box, Group, Progress, Stack, Text } from '@mantine/core';
import { RECIPIENT_STATUS_COLORS, RECIPIENT_STATUS_PLURALS } from '../../../lib/campaign-statuses';
import type { Campaign } from '../api/schemas';
import {
  barSections,
  formatCount,
  formatDuration,
  formatPercent,
  legend,
  processed,
  processedPercent,
} from '../progress';
import { CAMPAIGN_STATUS_COLORS, statusText } from '../status';
import classes from './campaigns.module.css';

export function CampaignStatusBadge({ campaign }: { campaign: Pick<Campaign, 'status' | 'pausedReason'> }) {
  return (
    <Badge
      variant="dot"
      color={CAMPAIGN_STATUS_COLORS[campaign.status] ?? 'gray'}
      data-testid="campaign-status"
      tt="none"
    >
      {statusText(campaign)}
    </Badge>
  );
}

export interface CampaignProgressProps {
  campaign: Campaign;
  /** The detail's size: a taller bar and the remaining time. */
  large?: boolean;
}

export function CampaignProgress({ campaign, large = false }: CampaignProgressProps) {
  const { counts, total } = campaign;
  const done = processed(counts);
  const percent = processedPercent(counts, total);
  const summary = `${formatCount(done)} de ${formatCount(total)} processados (${formatPercent(percent)})`;
  const remaining =
    campaign.status === 'running' && campaign.remainingSeconds !== null && counts.pending > 0
      ? `cerca de ${formatDuration(campaign.remainingSeconds)} para terminar`
      : null;
  return (
    <Stack gap={6} data-testid="campaign-progress">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600} data-testid="campaign-progress-summary">
          {summary}
        </Text>
        {remaining ? (
          <Text size="sm" c="dimmed">
            {remaining}
          </Text>
        ) : null}
      </Group>
      <Box
        role="progressbar"
        aria-label={`Progresso de ${campaign.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={summary}
      >
        <Progress.Root size={large ? 'xl' : 'md'} radius="xl" aria-hidden className={classes.track}>
          {barSections(counts, total).map((section) => (
            <Progress.Section
              key={section.status}
              value={section.value}
              color={RECIPIENT_STATUS_COLORS[section.status]}
              withAria={false}
            />
          ))}
        </Progress.Root>
      </Box>
      <Group gap="md" wrap="wrap" component="ul" className={classes.legend} aria-label="Destinatários por situação">
        {legend(counts).map(({ status, count }) => (
          <Group key={status} gap={6} wrap="nowrap" component="li" data-status={status}>
            <Box
              component="span"
              className={classes.swatch}
              data-status={status}
              // The status's filled colour (`blue` → var(--mantine-color-blue-filled)); "Na fila" takes the track's (CSS).
              bg={status === 'pending' ? undefined : RECIPIENT_STATUS_COLORS[status]}
            />
            <Text size="xs" span>
              {RECIPIENT_STATUS_PLURALS[status]}:{' '}
              <Text span size="xs" fw={700} data-testid={`count-${status}`}>
                {formatCount(count)}
              </Text>
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
