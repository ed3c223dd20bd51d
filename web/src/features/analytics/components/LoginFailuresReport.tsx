/**
 * The login failures report (route `dashboard-report`, feature `reports`; docs/analytics.md, `POST
 * /api/dashboard-report`): the total, a chart per day, the failures by user, by address and by
 * reason, the latest 100, and the whole period as `.xlsx`. The lists show their first rows (10 of
 * each breakdown, 20 of the latest) and a "Mostrar todos" button: a month of failures from many
 * addresses made the page many screens long.
 */
import { BarChart } from '@mantine/charts';
import { Box, Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { formatDateTime } from '../../../lib/dates';
import {
  LOGIN_FAILURES_SHEET_PATH,
  loginFailuresBody,
  loginFailuresSheetQuery,
  useLoginFailures,
} from '../api/get-login-failures';
import type { LoginFailures } from '../api/schemas';
import { formatCount } from '../format';
import { formatDay, formatPeriod, formatShortDay, previousPeriod, type Period } from '../../../lib/period';
import { fallbackFileName } from '../../../lib/sheets';
import { ChartCard } from './ChartCard';
import { Delta } from './Delta';
import { DownloadButton } from '../../../components/DownloadButton';
import { QueryError } from './QueryError';
import { ScrollTable } from './ScrollTable';
import { UserPicker } from './UserPicker';
import classes from './analytics.module.css';

export interface LoginFailuresReportProps {
  period: Period;
  /** False while the period is invalid: nothing is asked. */
  enabled: boolean;
  /** The users chosen (none: everyone); the screen keeps them (the smart highlights use them too). */
  users: number[];
  onUsersChange: (users: number[]) => void;
  /** Smart report: the previous period's total beside this one's. */
  compare?: boolean;
}

export function LoginFailuresReport({
  period,
  enabled,
  users,
  onUsersChange,
  compare = false,
}: LoginFailuresReportProps) {
  const body = loginFailuresBody(period, users);
  const report = useLoginFailures(body, enabled);
  const previous = useLoginFailures(loginFailuresBody(previousPeriod(period), users), enabled && compare);

  let content: ReactNode;
  if (!enabled) content = null;
  else if (report.isPending)
    content = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Carregando as falhas de login">
        <Skeleton height={90} />
        <Skeleton height={220} />
      </Stack>
    );
  else if (report.isError && !report.data)
    content = (
      <QueryError
        title="Não foi possível carregar as falhas de login."
        error={report.error}
        onRetry={() => void report.refetch()}
        retrying={report.isFetching}
      />
    );
  else
    content = (
      <Box opacity={report.isPlaceholderData ? 0.6 : 1} aria-busy={report.isPlaceholderData}>
        <FailuresContent data={report.data} previousTotal={compare ? (previous.data?.total ?? null) : undefined} />
      </Box>
    );

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" gap="sm" wrap="wrap">
        <UserPicker value={users} onChange={onUsersChange} />
        <DownloadButton
          label="Exportar xlsx"
          title="Falhas de login"
          path={LOGIN_FAILURES_SHEET_PATH}
          query={loginFailuresSheetQuery(period, users)}
          fallbackName={fallbackFileName('falhas_de_login', period)}
          disabled={!enabled}
        />
      </Group>
      {content}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function FailuresContent({ data, previousTotal }: { data: LoginFailures; previousTotal: number | null | undefined }) {
  if (data.total === 0) {
    return (
      <EmptyState
        icon={IconShieldCheck}
        title="Nenhuma falha de login"
        description={`Ninguém errou a senha nem tentou entrar com um email desconhecido de ${formatPeriod(data.period)}.`}
      />
    );
  }
  const days = data.byDay.map((day) => ({ ...day, label: formatShortDay(day.day) }));
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Text size="sm" c="dimmed" fw={500}>
          Falhas de login de {formatPeriod(data.period)}
        </Text>
        <Text fz={28} fw={700}>
          {formatCount(data.total)}
        </Text>
        {previousTotal !== undefined ? (
          <Delta
            current={data.total}
            previous={previousTotal}
            lowerIsBetter
            previousLabel={previousTotal === null ? undefined : formatCount(previousTotal)}
          />
        ) : null}
      </Paper>
      <ChartCard
        title="Falhas de login por dia"
        summary={`Gráfico de barras: ${formatCount(data.total)} falhas de login de ${formatPeriod(data.period)}, dia a dia.`}
        rows={data.byDay}
        rowKey={(row) => row.day}
        columns={[
          { label: 'Dia', value: (row) => formatDay(row.day) },
          { label: 'Falhas', value: (row) => formatCount(row.count) },
        ]}
        empty={data.byDay.length === 0 ? 'Nenhum dia com falhas.' : null}
        height={220}
      >
        <BarChart
          h="100%"
          data={days}
          dataKey="label"
          series={[{ name: 'count', label: 'Falhas', color: 'red.8' }]}
          textColor="var(--mantine-color-dimmed)"
          valueFormatter={formatCount}
          accessibilityLayer={false}
        />
      </ChartCard>
      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        <Section title="Por usuário">
          <SimpleTable
            headers={['Usuário', 'Falhas']}
            rows={data.byUser.map((row, index) => ({
              key: `${row.userId ?? 'x'}-${row.email ?? index}`,
              cells: [
                <>
                  <Text size="sm" fw={500}>
                    {row.userId === null || row.userId === undefined ? 'Email desconhecido' : (row.name ?? '—')}
                  </Text>
                  <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
                    {row.email ?? '—'}
                  </Text>
                </>,
                formatCount(row.count),
              ],
            }))}
          />
        </Section>
        <Section title="Por endereço">
          <SimpleTable
            headers={['Endereço', 'Falhas']}
            rows={data.byAddress.map((row, index) => ({
              key: `${row.clientAddr ?? ''}-${row.bodyIp ?? ''}-${index}`,
              cells: [
                <>
                  <Text size="sm">{row.clientAddr ?? '—'}</Text>
                  {row.bodyIp && row.bodyIp !== row.clientAddr ? (
                    <Text size="xs" c="dimmed">
                      IP informado pelo navegador: {row.bodyIp}
                    </Text>
                  ) : null}
                </>,
                formatCount(row.count),
              ],
            }))}
          />
        </Section>
        <Section title="Por motivo">
          <SimpleTable
            headers={['Motivo', 'Falhas']}
            rows={data.byReason.map((row) => ({
              key: row.reason,
              cells: [row.label ?? row.reason, formatCount(row.count)],
            }))}
          />
        </Section>
      </SimpleGrid>
      <Section title={`Últimas falhas (${formatCount(data.recent.length)})`}>
        <RecentFailures rows={data.recent} />
      </Section>
    </Stack>
  );
}

/** How many rows a list shows until "Mostrar todos": the rest of the page stays in reach. */
const BREAKDOWN_ROWS = 10;
const RECENT_ROWS = 20;

/** The first `limit` of `rows`, and a button that shows them all (and fewer again). */
function useFirstRows<Row>(rows: readonly Row[], limit: number) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, limit);
  const toggle =
    rows.length > limit ? (
      <Group justify="center" mt="xs">
        <Button variant="subtle" size="xs" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? 'Mostrar menos' : `Mostrar todos (${formatCount(rows.length)})`}
        </Button>
      </Group>
    ) : null;
  return { shown, toggle };
}

type RecentFailure = LoginFailures['recent'][number];

/** The latest failures: a table from sm up, one card each on phones (four columns do not fit). */
function RecentFailures({ rows }: { rows: readonly RecentFailure[] }) {
  const { shown, toggle } = useFirstRows(rows, RECENT_ROWS);
  const key = (row: RecentFailure, index: number) => `${row.occurredAt}-${index}`;
  return (
    <>
      <Box visibleFrom="sm">
        <ScrollTable label="Últimas falhas (tabela)" minWidth={640}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Quando</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">Motivo</Table.Th>
                <Table.Th scope="col">Endereço</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((row, index) => (
                <Table.Tr key={key(row, index)}>
                  <Table.Td className={classes.nowrap}>{formatDateTime(row.occurredAt)}</Table.Td>
                  <Table.Td className={classes.breakAnywhere}>{row.email ?? '—'}</Table.Td>
                  <Table.Td>{row.label ?? row.reason}</Table.Td>
                  <Table.Td>{row.clientAddr ?? row.bodyIp ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Box>
      <Stack gap="xs" hiddenFrom="sm">
        {shown.map((row, index) => (
          <Card key={key(row, index)} withBorder padding="xs">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
              <Text size="sm" fw={500} className={classes.nowrap}>
                {formatDateTime(row.occurredAt)}
              </Text>
              <Text size="xs" c="dimmed" ta="right">
                {row.label ?? row.reason}
              </Text>
            </Group>
            <Text size="sm" className={classes.breakAnywhere}>
              {row.email ?? '—'}
            </Text>
            <Text size="xs" c="dimmed">
              {row.clientAddr ?? row.bodyIp ?? '—'}
            </Text>
          </Card>
        ))}
      </Stack>
      {toggle}
    </>
  );
}

function SimpleTable({
  headers,
  rows,
}: {
  headers: [string, string];
  rows: { key: string; cells: [ReactNode, ReactNode] }[];
}) {
  const { shown, toggle } = useFirstRows(rows, BREAKDOWN_ROWS);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nada no período.
      </Text>
    );
  }
  return (
    <>
      <Table verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{headers[0]}</Table.Th>
            <Table.Th scope="col" ta="right">
              {headers[1]}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.cells[0]}</Table.Td>
              <Table.Td ta="right">{row.cells[1]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {toggle}
    </>
  );
}
