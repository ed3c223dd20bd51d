/**
 * "Ritmo de envio" (docs/campaigns.md): every instance's send rate, in messages a minute (1–600,
 * default 20), each saved on its own (`PUT /api/campaigns/rates/{instanceId}`). The rate belongs to
 * the instance: every campaign running on it shares it. The server's 422 goes under the instance's
 * field; a save reads the campaigns again (their `ratePerMinute` and `remainingSeconds` change).
 */
import { Box, Button, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { FormModal } from '../../../components/FormModal';
import { LoadError } from '../../../components/LoadError';
import { formErrors } from '../../../lib/api-errors';
import { useSendRates } from '../api/get-send-rates';
import { RATE_MAX, RATE_MIN, type SendRate } from '../api/schemas';
import { useUpdateSendRate } from '../api/update-send-rate';
import { formatCount } from '../progress';

export interface SendRatesModalProps {
  opened: boolean;
  onClose: () => void;
}

export function SendRatesModal({ opened, onClose }: SendRatesModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Ritmo de envio" size="md">
      {opened ? <SendRates onClose={onClose} /> : null}
    </FormModal>
  );
}

function SendRates({ onClose }: { onClose: () => void }) {
  const rates = useSendRates();

  let content: ReactNode;
  if (rates.isPending) {
    content = (
      <Stack gap="sm" aria-busy="true" aria-label="Carregando o ritmo das instâncias">
        {[0, 1].map((row) => (
          <Skeleton key={row} height={60} radius="sm" />
        ))}
      </Stack>
    );
  } else if (rates.isError) {
    content = (
      <LoadError
        title="Não foi possível carregar o ritmo das instâncias."
        error={rates.error}
        onRetry={() => void rates.refetch()}
        retrying={rates.isFetching}
      />
    );
  } else if (rates.data.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        Nenhuma instância ainda.
      </Text>
    );
  } else {
    content = (
      <Stack gap="sm">
        {rates.data.map((rate) => (
          <RateRow key={rate.instanceId} rate={rate} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        O ritmo é da instância e dividido entre todas as campanhas que rodam nela; vai de {RATE_MIN} a {RATE_MAX}{' '}
        msg/min ({RATE_MAX} msg/min são 10 mensagens por segundo).
      </Text>
      {content}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Fechar
        </Button>
      </Group>
    </Stack>
  );
}

function RateRow({ rate }: { rate: SendRate }) {
  const update = useUpdateSendRate();
  /** What the user typed; null while untouched (the field shows the saved rate). */
  const [draft, setDraft] = useState<number | string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = rate.instanceName ?? `Instância #${rate.instanceId}`;
  const value = draft ?? rate.ratePerMinute;
  const changed = value !== rate.ratePerMinute;

  function submit() {
    setError(null);
    // The range is the server's to check (its 422 shows here); an empty field has nothing to send.
    if (typeof value !== 'number') {
      setError(`Informe de ${RATE_MIN} a ${RATE_MAX} mensagens por minuto.`);
      return;
    }
    update.mutate(
      { instanceId: rate.instanceId, ratePerMinute: value },
      {
        onSuccess: (saved) => {
          setDraft(null);
          notifications.show({
            color: 'teal',
            title: 'Ritmo salvo',
            message: `${name} envia ${formatCount(saved.ratePerMinute)} msg/min nas campanhas.`,
          });
        },
        onError: (failure) => {
          const errors = formErrors(failure, { ratePerMinute: 'ratePerMinute' });
          setError([errors.fields.ratePerMinute, ...errors.general].filter(Boolean).join(' '));
        },
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <NumberInput
        label={name}
        min={RATE_MIN}
        max={RATE_MAX}
        clampBehavior="none"
        allowDecimal={false}
        allowNegative={false}
        suffix=" msg/min"
        value={value}
        onChange={(next) => {
          setDraft(next);
          setError(null);
        }}
        error={error}
        inputContainer={(input) => (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Box flex={1}>{input}</Box>
            <Button
              type="submit"
              variant={changed ? 'filled' : 'default'}
              loading={update.isPending}
              aria-label={`Salvar ritmo de ${name}`}
            >
              Salvar
            </Button>
          </Group>
        )}
      />
    </form>
  );
}
