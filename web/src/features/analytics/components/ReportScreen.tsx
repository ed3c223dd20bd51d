/**
 * The one report screen of `/dashboard/report` and `/dashboard/report-smart`
 * (docs/contracts.md#screens-and-routes): one period for everything on it, the login failures
 * report, and the four sheets. The smart route adds, on top, the highlights of the period and the
 * comparison with the previous period (SmartInsights).
 */
import '@mantine/charts/styles.css';
import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { SheetDownloads } from '../../../components/SheetDownloads';
import { formatPeriod, previousPeriod } from '../../../lib/period';
import { useTags } from '../../../lib/tags';
import { useClosingReasonOptions, useSheetInstanceOptions } from '../api/get-filter-options';
import { useDashboardParams } from '../use-dashboard-params';
import { LoginFailuresReport } from './LoginFailuresReport';
import { PeriodFilters } from './PeriodFilters';
import { SmartInsights } from './SmartInsights';

export interface ReportScreenProps {
  title: string;
  smart: boolean;
}

export function ReportScreen({ title, smart }: ReportScreenProps) {
  const params = useDashboardParams();
  const [users, setUsers] = useState<number[]>([]);
  const valid = params.error === null;
  // The sheets' pickers: the caller's own tenant (docs/analytics.md#sheets).
  const sheetInstances = useSheetInstanceOptions();
  const closingReasons = useClosingReasonOptions();
  const tags = useTags();
  return (
    <>
      <PageHeader
        order={1}
        title={title}
        description={
          smart
            ? 'Os destaques do período e a comparação com o período anterior, as falhas de login e as planilhas.'
            : 'As falhas de login do período e as planilhas de pedidos, atendimentos, instâncias e motivos.'
        }
      />
      <Stack gap="xl">
        <PeriodFilters params={params} />
        {smart ? (
          <section aria-labelledby="report-smart">
            <Title order={2} size="h4" id="report-smart" mb={4}>
              Destaques do período
            </Title>
            {valid ? (
              <Text size="sm" c="dimmed" mb="sm">
                {formatPeriod(params.period)}, comparado a {formatPeriod(previousPeriod(params.period))}.
              </Text>
            ) : null}
            <SmartInsights period={params.period} enabled={valid} users={users} />
          </section>
        ) : null}
        <section aria-labelledby="report-login-failures">
          <Title order={2} size="h4" id="report-login-failures" mb="sm">
            Falhas de login
          </Title>
          <LoginFailuresReport
            period={params.period}
            enabled={valid}
            users={users}
            onUsersChange={setUsers}
            compare={smart}
          />
        </section>
        <section aria-labelledby="report-sheets">
          <Title order={2} size="h4" id="report-sheets" mb={4}>
            Planilhas
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Arquivos .xlsx do período escolhido acima, com uma aba “Sobre” que explica filtros e definições.
          </Text>
          <SheetDownloads
            period={params.period}
            enabled={valid}
            instances={sheetInstances}
            reasons={closingReasons}
            tags={tags}
          />
        </section>
      </Stack>
    </>
  );
}
