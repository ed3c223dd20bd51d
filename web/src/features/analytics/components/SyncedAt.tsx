/**
 * "Dados atualizados em …": when the daily aggregates were last computed (docs/analytics.md#analytics-sync,
 * `syncedAt`); before the first sync the figures are zero, and the screen says why.
 */
import { Alert, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/dates';

export function SyncedAt({ syncedAt }: { syncedAt: string | null | undefined }) {
  if (!syncedAt) {
    return (
      <Alert variant="light" color="yellow" icon={<IconClockExclamation size={18} aria-hidden />}>
        <Text size="sm">
          Os números ainda não foram calculados para esta empresa: eles aparecem depois da primeira sincronização (feita
          toda noite, ou por um operador na tela de tenants, em “Sincronizar analytics”).
        </Text>
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Dados atualizados em {formatDateTime(syncedAt)} (horário de São Paulo).
    </Text>
  );
}
