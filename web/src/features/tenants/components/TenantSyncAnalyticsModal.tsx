/**
 * "Sincronizar analytics" of a tenant (operators; docs/analytics.md#analytics-sync): a range of
 * days (both empty: every day with data) and "Forçar recálculo" (every day of the range, not only
 * those whose data changed), then what the run did — days, rows, time taken — or why it failed.
 */
import { Button, Group, Paper, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { DateField } from '../../../components/DateField';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { formErrors } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import type { Tenant } from '../api/get-tenants';
import { useSyncAnalytics, type SyncAnalyticsResult } from '../api/sync-analytics';

/** The longest range the server accepts (docs/analytics.md#days-and-periods). */
const MAX_DAYS = 366;

const COUNT = new Intl.NumberFormat('pt-BR');
const SECONDS = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 86_400_000;
}

function formatDay(day: string | null | undefined): string {
  if (!day) return '—';
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
}

interface Values {
  fromDate: string;
  toDate: string;
  forceUpdate: boolean;
}

function validate(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if ((values.fromDate === '') !== (values.toDate === '')) {
    const message = 'Informe as duas datas, ou deixe as duas vazias para todos os dias com dados.';
    if (values.fromDate === '') errors.fromDate = message;
    else errors.toDate = message;
  } else if (values.fromDate !== '' && values.toDate < values.fromDate) {
    errors.toDate = 'A data final é anterior à inicial.';
  } else if (values.fromDate !== '' && dayNumber(values.toDate) - dayNumber(values.fromDate) + 1 > MAX_DAYS) {
    errors.toDate = `O período pode ter no máximo ${MAX_DAYS} dias.`;
  }
  return errors;
}

export interface TenantSyncAnalyticsModalProps {
  tenant: Tenant | null;
  onClose: () => void;
}

export function TenantSyncAnalyticsModal({ tenant, onClose }: TenantSyncAnalyticsModalProps) {
  return (
    <FormModal
      opened={tenant !== null}
      onClose={onClose}
      title={tenant ? `Sincronizar analytics: ${tenant.name}` : ''}
      size="md"
    >
      {tenant ? <SyncForm key={tenant.id} tenant={tenant} onDone={onClose} /> : null}
    </FormModal>
  );
}

function SyncForm({ tenant, onDone }: { tenant: Tenant; onDone: () => void }) {
  const sync = useSyncAnalytics();
  const [general, setGeneral] = useState<string[]>([]);
  const [result, setResult] = useState<SyncAnalyticsResult | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { fromDate: '', toDate: '', forceUpdate: false },
    validate,
  });

  function submit(values: Values) {
    setGeneral([]);
    setResult(null);
    sync.mutate(
      { tenantName: tenant.name, ...values },
      {
        onSuccess: setResult,
        onError: (error) => {
          const errors = formErrors(error, { fromDate: 'fromDate', toDate: 'toDate', from: 'fromDate', to: 'toDate' });
          form.setErrors(errors.fields);
          setGeneral(errors.general);
        },
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Recalcula os números diários dos dashboards de {tenant.name}. Sem datas: todos os dias com dados. Sem forçar,
          só os dias cujos tickets, mensagens, pedidos ou transferências mudaram desde a última sincronização.
        </Text>
        <FormAlert messages={general} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField label="De" clearable {...form.getInputProps('fromDate')} />
          <DateField label="Até" clearable {...form.getInputProps('toDate')} />
        </SimpleGrid>
        <Switch
          label="Forçar recálculo"
          description="Recalcula todos os dias do período, mesmo os que não mudaram."
          {...form.getInputProps('forceUpdate', { type: 'checkbox' })}
        />
        {result ? <SyncResult result={result} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={sync.isPending}>
            {result ? 'Fechar' : 'Cancelar'}
          </Button>
          <Button type="submit" loading={sync.isPending}>
            Sincronizar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SyncResult({ result }: { result: SyncAnalyticsResult }) {
  return (
    <Paper withBorder radius="md" p="md" role="status" aria-live="polite">
      <Stack gap={4}>
        <Text fw={600} size="sm">
          Sincronização concluída{result.forced ? ' (recálculo forçado)' : ''}
        </Text>
        <Text size="sm">
          {COUNT.format(result.days)} {result.days === 1 ? 'dia recalculado' : 'dias recalculados'},{' '}
          {COUNT.format(result.rows)} {result.rows === 1 ? 'linha gravada' : 'linhas gravadas'} em{' '}
          {SECONDS.format(result.elapsedMs / 1000)} s.
        </Text>
        <Text size="sm" c="dimmed">
          Período:{' '}
          {result.from || result.to ? `${formatDay(result.from)} a ${formatDay(result.to)}` : 'nenhum dia com dados'}
          {result.finishedAt ? ` · terminou em ${formatDateTime(result.finishedAt)}` : ''}
        </Text>
      </Stack>
    </Paper>
  );
}
