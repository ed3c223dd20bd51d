/**
 * The analytics dashboard (route `dashboard-analytics`; docs/analytics.md, `GET
 * /api/dashboard/analytics`): the period's figures against the previous period
 * (AnalyticsFigures), per-day charts (AnalyticsDailyCharts), the hour-of-week heat map and the top
 * closing reasons (AnalyticsDistribution), and each tag's figures (AnalyticsByTag). Tickets opened,
 * closed, transferred and the first response open the tickets behind them. Filtered by instance,
 * department and tag (whose row in "Por etiqueta" also sets it).
 */
import { Box, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useAnalytics } from '../api/get-analytics';
import type { DashboardTicketsQuery, TicketMetric } from '../api/get-dashboard-tickets';
import type { Analytics } from '../api/schemas';
import { formatPeriod } from '../../../lib/period';
import type { DashboardParams } from '../use-dashboard-params';
import { AnalyticsByTag } from './AnalyticsByTag';
import { AnalyticsDailyCharts } from './AnalyticsDailyCharts';
import { AnalyticsDistribution } from './AnalyticsDistribution';
import { AnalyticsFigures } from './AnalyticsFigures';
import { LoadingFigures } from './LoadingFigures';
import { PeriodFilters } from './PeriodFilters';
import { QueryError } from './QueryError';
import { SyncedAt } from './SyncedAt';
import { TicketsDrawer } from './TicketsDrawer';

export function AnalyticsPanel({ params }: { params: DashboardParams }) {
  const analytics = useAnalytics(params.period, params.filters, params.error === null);
  const [drill, setDrill] = useState<DashboardTicketsQuery | null>(null);
  const open = (metric: TicketMetric) => setDrill({ period: params.period, filters: params.filters, metric });

  let content;
  if (params.error !== null) {
    content = null;
  } else if (analytics.isPending) {
    content = <LoadingFigures />;
  } else if (analytics.isError && !analytics.data) {
    content = (
      <QueryError
        title="Não foi possível carregar o analytics."
        error={analytics.error}
        onRetry={() => void analytics.refetch()}
        retrying={analytics.isFetching}
      />
    );
  } else {
    content = (
      <Box aria-busy={analytics.isPlaceholderData} opacity={analytics.isPlaceholderData ? 0.6 : 1}>
        <AnalyticsContent
          data={analytics.data}
          onOpen={open}
          chosenTagId={params.filters.tagId}
          onChooseTag={(tagId) => params.setFilter('tagId', tagId)}
        />
      </Box>
    );
  }

  return (
    <Stack gap="lg">
      <PeriodFilters params={params} withFilters withTags />
      {content}
      <TicketsDrawer query={drill} onClose={() => setDrill(null)} />
    </Stack>
  );
}

interface AnalyticsContentProps {
  data: Analytics;
  onOpen: (metric: TicketMetric) => void;
  chosenTagId: number | null;
  onChooseTag: (tagId: number | null) => void;
}

function AnalyticsContent({ data, onOpen, chosenTagId, onChooseTag }: AnalyticsContentProps) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <SyncedAt syncedAt={data.syncedAt} />
        <Text size="sm" c="dimmed">
          {formatPeriod(data.period)}, comparado a {formatPeriod(data.previousPeriod)}.
        </Text>
      </Stack>
      <AnalyticsFigures data={data} onOpen={onOpen} />
      <AnalyticsDailyCharts data={data} />
      <AnalyticsDistribution data={data} />
      <AnalyticsByTag tags={data.tags} chosenTagId={chosenTagId} onChoose={onChooseTag} />
    </Stack>
  );
}
