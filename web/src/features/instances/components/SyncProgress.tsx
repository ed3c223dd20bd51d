/**
 * The progress of one message synchronisation, polled from the server until it ends: how many
 * messages were read from the provider and how many were new. The provider does not say how many
 * there are in all, so the bar is indeterminate while the job runs.
 */
import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-errors';
import { useSyncJob } from '../api/get-sync-job';
import type { SyncJob } from '../sync-job';

function counts(job: SyncJob): string {
  const read = job.fetched === 1 ? '1 mensagem lida' : `${job.fetched} mensagens lidas`;
  const added = job.inserted === 1 ? '1 nova' : `${job.inserted} novas`;
  return `${read}, ${added}`;
}

export interface SyncProgressProps {
  job: SyncJob;
  tenantName?: string;
  /** One line (list rows) or the full report (the sync dialog). */
  compact?: boolean;
}

export function SyncProgress({ job: started, tenantName, compact = false }: SyncProgressProps) {
  const { job, error } = useSyncJob(started, tenantName);
  // The server no longer knows the job (404): nothing to show; the instance counts as never synced.
  if (job === null) return null;
  const pollError = error ? errorMessage(error) : null;

  if (job.status === 'running') {
    return (
      <Stack gap={4} role="status" aria-live="polite" data-testid="sync-progress" data-status="running">
        <Progress value={100} animated striped size={compact ? 'sm' : 'md'} aria-label="Sincronizando mensagens" />
        <Text size={compact ? 'xs' : 'sm'} c="dimmed">
          Sincronizando… {counts(job)}
        </Text>
        {pollError ? (
          <Text size="xs" c="red">
            Não foi possível consultar o andamento: {pollError}
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (job.status === 'done') {
    return compact ? (
      <Group gap={4} wrap="nowrap" role="status" data-testid="sync-progress" data-status="done">
        <IconCheck size={14} color="var(--mantine-color-teal-6)" />
        {/* Plain text beside the teal check: teal on a hovered row is 4.49:1, under AA's 4.5. */}
        <Text size="xs">Sincronizada: {counts(job)}</Text>
      </Group>
    ) : (
      <Alert
        color="teal"
        variant="light"
        icon={<IconCheck size={18} />}
        title="Sincronização concluída"
        role="status"
        data-testid="sync-progress"
        data-status="done"
      >
        {counts(job)}.
      </Alert>
    );
  }
  const reason = job.error ?? 'Erro desconhecido.';
  return compact ? (
    <Text size="xs" c="red" role="status" data-testid="sync-progress" data-status="failed">
      Sincronização falhou: {reason}
    </Text>
  ) : (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="A sincronização falhou"
      role="alert"
      data-testid="sync-progress"
      data-status="failed"
    >
      {reason} ({counts(job)} antes da falha.)
    </Alert>
  );
}
