/**
 * "Testar conexão" of a cloud instance: the server asks Meta about the number with the stored token
 * (`test-instance.ts`) as the dialog opens, and the dialog shows what Meta says (number, verified
 * name, quality, messaging limit) or why it refused (the server's pt_BR message). It can be asked
 * again after fixing something in Meta's dashboard.
 */
import { Alert, Badge, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { FormModal } from '../../../components/FormModal';
import { errorMessage } from '../../../lib/api-errors';
import type { Instance } from '../api/get-instances';
import { useTestInstance, type ConnectionTest } from '../api/test-instance';

export interface TestConnectionModalProps {
  /** The cloud instance to test; null when closed. */
  instance: Instance | null;
  tenantName?: string;
  onClose: () => void;
}

export function TestConnectionModal({ instance, tenantName, onClose }: TestConnectionModalProps) {
  return (
    <FormModal
      opened={instance !== null}
      onClose={onClose}
      title={instance ? `Testar conexão: ${instance.name}` : ''}
      size="md"
    >
      {instance ? (
        <ConnectionCheck key={instance.id} instance={instance} tenantName={tenantName} onClose={onClose} />
      ) : null}
    </FormModal>
  );
}

/** Meta's `quality_rating` in words and colour; anything else is "unknown". */
const QUALITY: Record<string, { label: string; color: string }> = {
  GREEN: { label: 'Qualidade alta', color: 'green' },
  YELLOW: { label: 'Qualidade média', color: 'yellow' },
  RED: { label: 'Qualidade baixa', color: 'red' },
};
const UNKNOWN_QUALITY = { label: 'Qualidade desconhecida', color: 'gray' };

function QualityBadge({ rating }: { rating: string }) {
  const quality = QUALITY[rating.toUpperCase()] ?? UNKNOWN_QUALITY;
  return (
    <Badge color={quality.color} variant="light" data-testid="quality-rating" data-rating={rating}>
      {quality.label}
    </Badge>
  );
}

/**
 * Meta's messaging limit tier (`TIER_250`, `TIER_1K`, `TIER_UNLIMITED`...) in words: how many
 * conversations the business may start in 24 hours. A value of another shape is shown as it came.
 */
function messagingLimitLabel(limit: string): string {
  if (limit.toUpperCase() === 'TIER_UNLIMITED') return 'Ilimitado';
  const tier = /^TIER_(\d+)(K?)$/i.exec(limit);
  if (!tier) return limit;
  const count = Number(tier[1]) * (tier[2] ? 1000 : 1);
  return `${count.toLocaleString('pt-BR')} conversas iniciadas pela empresa a cada 24 horas`;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="center">
      <Text size="sm" c="dimmed" flex="none">
        {label}:
      </Text>
      <Box fz="sm" fw={600} miw={0}>
        {children}
      </Box>
    </Group>
  );
}

function TestResult({ result }: { result: ConnectionTest }) {
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconCircleCheck size={18} />}
      title="A Meta respondeu: conexão funcionando"
      role="status"
      data-testid="connection-test-result"
    >
      <Stack gap={6}>
        <Detail label="Número">{result.displayPhoneNumber}</Detail>
        <Detail label="Nome verificado">{result.verifiedName}</Detail>
        <Detail label="Qualidade">
          <QualityBadge rating={result.qualityRating} />
        </Detail>
        {result.messagingLimit ? (
          <Detail label="Limite de mensagens">{messagingLimitLabel(result.messagingLimit)}</Detail>
        ) : null}
      </Stack>
    </Alert>
  );
}

function ConnectionCheck({
  instance,
  tenantName,
  onClose,
}: {
  instance: Instance;
  tenantName?: string;
  onClose: () => void;
}) {
  const test = useTestInstance();
  const { mutate } = test;
  const asked = useRef(false);
  useEffect(() => {
    // Ask once when the dialog opens (not again on re-renders); "Testar de novo" asks again.
    if (asked.current) return;
    asked.current = true;
    mutate({ id: instance.id, tenantName });
  }, [mutate, instance.id, tenantName]);

  let outcome: ReactNode = null;
  if (test.isPending) {
    outcome = (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">Consultando a Meta…</Text>
      </Group>
    );
  } else if (test.isError) {
    outcome = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="A conexão não funcionou"
        role="alert"
        data-testid="connection-test-error"
      >
        {errorMessage(test.error)}
      </Alert>
    );
  } else if (test.data) {
    outcome = <TestResult result={test.data} />;
  }

  return (
    <Stack gap="md">
      {outcome}
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={test.isPending}
          onClick={() => mutate({ id: instance.id, tenantName })}
        >
          Testar de novo
        </Button>
        <Button onClick={onClose}>Fechar</Button>
      </Group>
    </Stack>
  );
}
