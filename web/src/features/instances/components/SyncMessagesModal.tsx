/**
 * Sync an instance's message history (docs/contracts.md#api-calls, `POST
 * /api/instance/syncMessages`): the last N days or everything, then the job's progress until it
 * ends. Opening it reads the instance's latest job, so one still running (started before, elsewhere
 * or by someone else) is shown and followed, and starting another waits for it to end.
 */
import { Alert, Button, Group, Modal, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { formErrors } from '../../../lib/api-errors';
import type { Instance } from '../api/get-instances';
import { useLatestSyncJob } from '../api/get-latest-sync-job';
import { useSyncJob } from '../api/get-sync-job';
import { MAX_SYNC_DAYS, useSyncMessages } from '../api/sync-messages';
import { SyncProgress } from './SyncProgress';

export const DEFAULT_SYNC_DAYS = 30;

export interface SyncMessagesModalProps {
  instance: Instance | null;
  tenantName?: string;
  onClose: () => void;
}

export function SyncMessagesModal({ instance, tenantName, onClose }: SyncMessagesModalProps) {
  return (
    <Modal
      opened={instance !== null}
      onClose={onClose}
      title={instance ? `Sincronizar mensagens: ${instance.name}` : ''}
      centered
    >
      {instance ? <SyncForm key={instance.id} instance={instance} tenantName={tenantName} onClose={onClose} /> : null}
    </Modal>
  );
}

function SyncForm({
  instance,
  tenantName,
  onClose,
}: Omit<SyncMessagesModalProps, 'instance'> & { instance: Instance }) {
  const sync = useSyncMessages();
  const latest = useLatestSyncJob(instance.id, tenantName, instance.hasProvider);
  const job = latest.data ?? null;
  const [days, setDays] = useState<number | string>(DEFAULT_SYNC_DAYS);
  const [unlimited, setUnlimited] = useState(false);
  const [daysError, setDaysError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const live = useSyncJob(job, tenantName).job;
  const running = live?.status === 'running';
  // While a job runs, the (disabled) fields show what it was started with.
  const shownUnlimited = running && live.unlimited !== undefined ? live.unlimited : unlimited;
  const shownDays = running && live.days_ago !== undefined && !live.unlimited ? live.days_ago : days;

  function start() {
    setGeneral(null);
    const daysAgo = typeof days === 'number' ? days : Number.parseInt(days, 10);
    if (!unlimited && !(Number.isInteger(daysAgo) && daysAgo >= 1 && daysAgo <= MAX_SYNC_DAYS)) {
      setDaysError(`Informe de 1 a ${MAX_SYNC_DAYS} dias.`);
      return;
    }
    setDaysError(null);
    sync.mutate(
      { id: instance.id, daysAgo: unlimited ? 0 : daysAgo, tenantName, unlimitedSync: unlimited },
      {
        onError: (error) => {
          const errors = formErrors(error, { daysAgo: 'daysAgo' });
          setDaysError(errors.fields.daysAgo ?? null);
          setGeneral(errors.general.join(' ') || null);
          notifications.show({ color: 'red', title: 'Não foi possível sincronizar', message: errors.message });
        },
      },
    );
  }

  return (
    <Stack gap="md">
      {!instance.hasProvider ? (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
          Configure o provedor da instância (URL e segredo) antes de sincronizar as mensagens.
        </Alert>
      ) : null}
      {general ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {general}
        </Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        Busca no provedor o histórico de mensagens e grava o que ainda não existe; repetir não duplica nada.
      </Text>
      <Switch
        label="Todo o histórico"
        description="Sem limite de dias"
        checked={shownUnlimited}
        onChange={(event) => setUnlimited(event.currentTarget.checked)}
        disabled={running}
      />
      <NumberInput
        label="Dias para trás"
        min={1}
        max={MAX_SYNC_DAYS}
        allowDecimal={false}
        allowNegative={false}
        value={shownDays}
        onChange={setDays}
        disabled={shownUnlimited || running}
        error={daysError}
      />
      {job ? <SyncProgress job={job} tenantName={tenantName} /> : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Fechar
        </Button>
        <Button
          leftSection={<IconRefresh size={18} />}
          onClick={start}
          loading={sync.isPending || latest.isLoading}
          disabled={!instance.hasProvider || running}
        >
          {job ? 'Sincronizar de novo' : 'Sincronizar'}
        </Button>
      </Group>
    </Stack>
  );
}
