/**
 * What the smart report adds (smart.ts): the highlights of the period in words and each figure
 * against the previous period, from `GET /api/dashboard/analytics` (and the login failures of both
 * periods, shared with the report below through the query cache).
 */
import { Box, Card, Group, List, Paper, Skeleton, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconBulb, IconMinus } from '@tabler/icons-react';
import { useAnalytics } from '../api/get-analytics';
import { loginFailuresBody, useLoginFailures } from '../api/get-login-failures';
import { formatPercent, trendOf } from '../format';
import { formatPeriod, previousPeriod, type Period } from '../../../lib/period';
import { comparisonRows, smartHighlights, type ComparisonRow, type Tone } from '../smart';
import { QueryError } from './QueryError';
import { ScrollTable } from './ScrollTable';
import { SyncedAt } from './SyncedAt';
import classes from './analytics.module.css';

const NO_FILTERS = { instanceId: null, departmentId: null, tagId: null };

const TONE_CLASS: Record<Tone, string | undefined> = {
  good: classes.better,
  bad: classes.worse,
  neutral: undefined,
};
const TONE_WORD: Record<Tone, string> = { good: 'Bom sinal', bad: 'Atenção', neutral: 'Destaque' };

export function SmartInsights({ period, enabled, users }: { period: Period; enabled: boolean; users: number[] }) {
  const analytics = useAnalytics(period, NO_FILTERS, enabled);
  const failures = useLoginFailures(loginFailuresBody(period, users), enabled);
  const previousFailures = useLoginFailures(loginFailuresBody(previousPeriod(period), users), enabled);
  if (!enabled) return null;
  if (analytics.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Carregando os destaques">
        <Skeleton height={120} />
        <Skeleton height={240} />
      </Stack>
    );
  }
  if (analytics.isError && !analytics.data) {
    return (
      <QueryError
        title="Não foi possível calcular os destaques (eles usam o analytics)."
        error={analytics.error}
        onRetry={() => void analytics.refetch()}
        retrying={analytics.isFetching}
      />
    );
  }
  const logins =
    failures.data && previousFailures.data
      ? { current: failures.data.total, previous: previousFailures.data.total }
      : null;
  const highlights = smartHighlights(analytics.data, logins);
  const rows = comparisonRows(analytics.data, logins);
  return (
    <Stack gap="md">
      <SyncedAt syncedAt={analytics.data.syncedAt} />
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h5" mb="sm">
          Destaques
        </Title>
        {highlights.length === 0 ? (
          <Text size="sm" c="dimmed">
            Sem movimento suficiente no período para destacar algo.
          </Text>
        ) : (
          <List spacing="xs" center icon={null}>
            {highlights.map((highlight) => (
              <List.Item
                key={highlight.id}
                icon={
                  <ThemeIcon variant="light" color="gray" size="sm" radius="xl" aria-hidden>
                    <IconBulb size={14} />
                  </ThemeIcon>
                }
              >
                <Text
                  size="sm"
                  span
                  className={TONE_CLASS[highlight.tone]}
                  fw={highlight.tone === 'neutral' ? 400 : 600}
                >
                  <Text span size="sm" fw={600}>
                    {TONE_WORD[highlight.tone]}:
                  </Text>{' '}
                  {highlight.text}.
                </Text>
              </List.Item>
            ))}
          </List>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h5" mb={4}>
          Comparação com o período anterior
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {formatPeriod(analytics.data.period)} contra {formatPeriod(analytics.data.previousPeriod)}.
        </Text>
        {/* From sm up a table; on phones one card per figure (four columns do not fit in 390 px). */}
        <Box visibleFrom="sm">
          <ScrollTable label="Comparação com o período anterior (tabela)" minWidth={520}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Número</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Período
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Anterior
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Variação
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Th scope="row" fw={500}>
                      {row.label}
                    </Table.Th>
                    <Table.Td ta="right">{row.current}</Table.Td>
                    <Table.Td ta="right">{row.previous}</Table.Td>
                    <Table.Td ta="right">
                      <Variation row={row} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Box>
        <Stack gap="xs" hiddenFrom="sm">
          {rows.map((row) => (
            <Card key={row.id} withBorder padding="xs">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
                <Text size="sm" fw={600}>
                  {row.label}
                </Text>
                <Variation row={row} />
              </Group>
              <Text size="sm">
                {row.current}{' '}
                <Text span size="xs" c="dimmed">
                  (anterior: {row.previous})
                </Text>
              </Text>
            </Card>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The variation of a comparison row: an arrow and the percentage, coloured (and said) better or worse. */
function Variation({ row }: { row: ComparisonRow }) {
  if (row.ratio === null) {
    return (
      <Text size="sm" c="dimmed" span>
        —
      </Text>
    );
  }
  const trend = trendOf(row.ratio);
  const good = trend === 'flat' ? null : (trend === 'down') === row.lowerIsBetter;
  const Icon = trend === 'up' ? IconArrowUpRight : trend === 'down' ? IconArrowDownRight : IconMinus;
  return (
    <Group
      gap={2}
      justify="flex-end"
      wrap="nowrap"
      className={good === null ? undefined : good ? classes.better : classes.worse}
    >
      <Icon size={14} aria-hidden />
      <Text size="sm" fw={600} span className={classes.nowrap}>
        {trend === 'up' ? '+' : trend === 'down' ? '−' : ''}
        {formatPercent(Math.abs(row.ratio))}
        {good === null ? '' : good ? ' (melhor)' : ' (pior)'}
      </Text>
    </Group>
  );
}
