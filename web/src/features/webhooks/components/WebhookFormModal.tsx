/**
 * Creating or editing a webhook endpoint (docs/campaigns.md): its HTTPS address, a description and
 * the events it receives, chosen by group (EventsField; at least one — `campaign.status` comes
 * chosen in a new endpoint, as before there were others). After creating, the dialog shows the endpoint's secret — the only time
 * it is shown — until "Já guardei o segredo".
 */
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { formErrors } from '../../../lib/api-errors';
import { useCreateWebhook } from '../api/create-webhook';
import type { Endpoint } from '../api/schemas';
import { useUpdateWebhook } from '../api/update-webhook';
import { EventsField } from './EventsField';
import { SecretReveal } from './SecretReveal';

export interface WebhookFormModalProps {
  opened: boolean;
  /** The endpoint being edited; null creates one. */
  endpoint: Endpoint | null;
  onClose: () => void;
}

interface Values {
  url: string;
  description: string;
  events: string[];
}

const DESCRIPTION_MAX = 200;
/** What a new endpoint receives until the administrator chooses (the one event there used to be). */
const NEW_ENDPOINT_EVENT = 'campaign.status';

function validate(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  const url = values.url.trim();
  if (url === '') errors.url = 'Informe o endereço que recebe os eventos.';
  else {
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') errors.url = 'Use um endereço https://.';
    } catch {
      errors.url = 'Endereço inválido. Exemplo: https://exemplo.com.br/webhooks';
    }
  }
  if (values.events.length === 0) errors.events = 'Escolha ao menos um evento.';
  if (values.description.length > DESCRIPTION_MAX) errors.description = `Use no máximo ${DESCRIPTION_MAX} caracteres.`;
  return errors;
}

export function WebhookFormModal({ opened, endpoint, onClose }: WebhookFormModalProps) {
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    onClose();
  };
  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={secret ? 'Endpoint criado' : endpoint ? 'Editar endpoint' : 'Novo endpoint'}
      size={secret ? 'lg' : 'xl'}
      closeOnClickOutside={secret === null}
    >
      {secret ? (
        <Stack gap="md">
          <SecretReveal secret={secret} />
          <Group justify="flex-end">
            <Button onClick={close}>Já guardei o segredo</Button>
          </Group>
        </Stack>
      ) : opened ? (
        <EndpointForm
          key={endpoint?.id ?? 'new'}
          endpoint={endpoint}
          onCancel={close}
          onCreated={setSecret}
          onSaved={close}
        />
      ) : null}
    </FormModal>
  );
}

interface EndpointFormProps {
  endpoint: Endpoint | null;
  onCancel: () => void;
  onCreated: (secret: string) => void;
  onSaved: () => void;
}

function EndpointForm({ endpoint, onCancel, onCreated, onSaved }: EndpointFormProps) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? [NEW_ENDPOINT_EVENT],
    },
    validate,
  });

  function fail(error: unknown) {
    const errors = formErrors(error, { url: 'url', events: 'events', description: 'description' });
    form.setErrors(errors.fields);
    setGeneral(errors.general);
  }

  function submit(values: Values) {
    setGeneral([]);
    const input = { url: values.url.trim(), description: values.description.trim(), events: values.events };
    if (endpoint) {
      update.mutate(
        { id: endpoint.id, ...input },
        {
          onSuccess: () => {
            notifications.show({ color: 'teal', title: 'Endpoint salvo', message: input.url });
            onSaved();
          },
          onError: fail,
        },
      );
    } else {
      create.mutate(input, { onSuccess: (created) => onCreated(created.secret), onError: fail });
    }
  }

  const pending = create.isPending || update.isPending;
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Cada evento é enviado por POST, assinado como Standard Webhooks (<code>webhook-id</code>,{' '}
          <code>webhook-timestamp</code>, <code>webhook-signature</code>). Entregas que falham são tentadas de novo.
        </Text>
        <FormAlert messages={general} />
        <TextInput
          label="URL"
          placeholder="https://exemplo.com.br/webhooks"
          required
          type="url"
          data-autofocus
          {...form.getInputProps('url')}
        />
        <TextInput
          label="Descrição"
          placeholder="Ex.: CRM da loja"
          maxLength={DESCRIPTION_MAX}
          {...form.getInputProps('description')}
        />
        <EventsField
          label="Eventos"
          description="O que este endereço recebe, assinado, a cada vez que acontece."
          required
          value={form.values.events}
          onChange={(events) => form.setFieldValue('events', events)}
          error={form.errors.events}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending}>
            {endpoint ? 'Salvar' : 'Criar endpoint'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
