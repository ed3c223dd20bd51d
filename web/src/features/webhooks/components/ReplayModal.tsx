/**
 * "Reenviar período" of an endpoint (`POST /api/webhooks/{id}/replay`): its deliveries created in a
 * period — São Paulo day and time, the last 24 hours to begin with, at most 31 days — sent again
 * with the `webhook-id` they had, only the ones that failed (the default) or every one; of every
 * event (the default: events left empty) or of those chosen among the endpoint's. The answer's
 * count is said in a notification ("3 entregas reenfileiradas."); with none, the dialog stays open
 * to try another period. The server's field errors show under their fields.
 */
import { Alert, Button, Group, MultiSelect, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { DateTimeField } from '../../../components/DateField';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { formErrors } from '../../../lib/api-errors';
import { toSendAt, wallClockOf } from '../../../lib/send-at';
import { useReplayWebhook } from '../api/replay-webhook';
import type { Endpoint } from '../api/schemas';
import { groupedEventOptions } from '../labels';

export interface ReplayModalProps {
  /** The endpoint whose deliveries go again; null: closed. */
  endpoint: Endpoint | null;
  onClose: () => void;
}

export function ReplayModal({ endpoint, onClose }: ReplayModalProps) {
  return (
    <FormModal opened={endpoint !== null} onClose={onClose} title="Reenviar período" size="lg">
      {endpoint ? <ReplayForm key={endpoint.id} endpoint={endpoint} onClose={onClose} /> : null}
    </FormModal>
  );
}

interface Values {
  /** `YYYY-MM-DDTHH:mm`, São Paulo time ('' = none): DateTimeField's value. */
  from: string;
  to: string;
  eventTypes: string[];
  onlyFailed: boolean;
}

const MAX_DAYS = 31;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A DateTimeField value as the moment the server takes (ISO 8601, UTC); null when not whole. */
function toInstant(value: string): string | null {
  const moment = toSendAt({ date: value.slice(0, 10), time: value.slice(11, 16) });
  if (moment === null) return null;
  const date = new Date(moment);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A moment as a DateTimeField holds it (São Paulo day and time). */
function fieldValue(moment: Date): string {
  const clock = wallClockOf(moment);
  return `${clock.date}T${clock.time}`;
}

/** The last 24 hours, up to the next whole minute (so what happened this minute is in). */
function last24Hours(): Pick<Values, 'from' | 'to'> {
  const to = new Date(Math.ceil(Date.now() / MINUTE) * MINUTE);
  return { from: fieldValue(new Date(to.getTime() - DAY)), to: fieldValue(to) };
}

function validate(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  const from = toInstant(values.from);
  const to = toInstant(values.to);
  if (from === null) errors.from = 'Informe o início do período.';
  if (to === null) errors.to = 'Informe o fim do período.';
  if (from !== null && to !== null) {
    const length = Date.parse(to) - Date.parse(from);
    if (length <= 0) errors.to = 'A data final deve ser depois da inicial.';
    else if (length > MAX_DAYS * DAY) errors.to = `O período tem no máximo ${MAX_DAYS} dias.`;
  }
  return errors;
}

function queuedText(queued: number): string {
  if (queued === 0) return 'Nenhuma entrega no período.';
  return queued === 1
    ? '1 entrega reenfileirada.'
    : `${new Intl.NumberFormat('pt-BR').format(queued)} entregas reenfileiradas.`;
}

function ReplayForm({ endpoint, onClose }: { endpoint: Endpoint; onClose: () => void }) {
  const replay = useReplayWebhook();
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { ...last24Hours(), eventTypes: [], onlyFailed: true },
    validate,
  });
  const eventData = groupedEventOptions(endpoint.events);
  const onlyFailedHint = useId();

  function submit(values: Values) {
    setGeneral([]);
    const from = toInstant(values.from);
    const to = toInstant(values.to);
    if (from === null || to === null) return;
    replay.mutate(
      { id: endpoint.id, from, to, eventTypes: values.eventTypes, onlyFailed: values.onlyFailed },
      {
        onSuccess: ({ queued }) => {
          notifications.show({
            color: queued > 0 ? 'teal' : 'gray',
            title: queued > 0 ? 'Entregas reenviadas' : 'Nada para reenviar',
            message: queuedText(queued),
          });
          if (queued > 0) onClose();
        },
        onError: (error) => {
          const errors = formErrors(error, {
            from: 'from',
            to: 'to',
            eventTypes: 'eventTypes',
            onlyFailed: 'onlyFailed',
          });
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
          Envia de novo as entregas de <strong>{endpoint.description || endpoint.url}</strong> criadas no período, com o
          mesmo <code>webhook-id</code> de antes: o seu sistema pode reconhecer o que já recebeu.
        </Text>
        {!endpoint.enabled ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Endpoint desativado">
            Ative o endpoint antes de reenviar: enquanto ele estiver desativado, nada é enviado.
          </Alert>
        ) : null}
        <FormAlert messages={general} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateTimeField label="De" description="Horário de São Paulo." required {...form.getInputProps('from')} />
          <DateTimeField
            label="Até"
            description={`No máximo ${MAX_DAYS} dias depois.`}
            required
            {...form.getInputProps('to')}
          />
        </SimpleGrid>
        <MultiSelect
          label="Eventos"
          description="Vazio: todos os eventos deste endpoint."
          placeholder={form.values.eventTypes.length === 0 ? 'Todos os eventos' : undefined}
          data={eventData}
          clearable
          clearButtonProps={{ 'aria-label': 'Limpar os eventos' }}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('eventTypes')}
        />
        <Stack gap={4}>
          <Switch
            label="Somente as que falharam"
            aria-describedby={onlyFailedHint}
            {...form.getInputProps('onlyFailed', { type: 'checkbox' })}
          />
          <Text id={onlyFailedHint} size="xs" c="dimmed">
            As que falharam ou não foram enviadas. Desligado, reenvia também as que já foram entregues.
          </Text>
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={replay.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={replay.isPending} disabled={!endpoint.enabled}>
            Reenviar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
