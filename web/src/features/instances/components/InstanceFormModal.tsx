/**
 * Create or update an instance (docs/contracts.md#screens-and-routes Instances "create, update"):
 * name, official/unlimited flags, and its provider connector (base URL + secret; the secret is
 * never shown back). On update also activation; only changed fields are sent. The connection status is
 * not set by hand: the provider reports it (`InstanceUpdated`) after "Conectar número".
 */
import { Button, Group, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormModal } from '../../../components/FormModal';
import { FormAlert } from '../../../components/FormAlert';
import { formErrors } from '../../../lib/api-errors';
import { useCreateInstance } from '../api/create-instance';
import type { Instance } from '../api/get-instances';
import { useUpdateInstance, type InstanceChangesInput } from '../api/update-instance';

const FIELD_MAP: Record<string, string> = {
  name: 'name',
  providerBaseUrl: 'providerBaseUrl',
  providerSecret: 'providerSecret',
};
const MAX_NAME = 80;

interface FormValues {
  name: string;
  isOfficial: boolean;
  isUnlimited: boolean;
  activated: boolean;
  providerBaseUrl: string;
  providerSecret: string;
}

export interface InstanceFormModalProps {
  opened: boolean;
  /** The instance to update; null to create one. */
  instance: Instance | null;
  /** The tenant it belongs to (back-office operators); undefined for the caller's own. */
  tenantName?: string;
  onClose: () => void;
}

export function InstanceFormModal({ opened, instance, tenantName, onClose }: InstanceFormModalProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={instance ? `Editar instância: ${instance.name}` : 'Nova instância'}
    >
      {opened ? (
        <InstanceForm key={instance?.id ?? 'new'} instance={instance} tenantName={tenantName} onDone={onClose} />
      ) : null}
    </FormModal>
  );
}

function InstanceForm({
  instance,
  tenantName,
  onDone,
}: {
  instance: Instance | null;
  tenantName?: string;
  onDone: () => void;
}) {
  const create = useCreateInstance();
  const update = useUpdateInstance();
  const [general, setGeneral] = useState<string[]>([]);
  const editing = instance !== null;
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      name: instance?.name ?? '',
      isOfficial: instance?.isOfficial ?? false,
      isUnlimited: instance?.isUnlimited ?? false,
      activated: instance?.activated ?? true,
      providerBaseUrl: instance?.providerBaseUrl ?? '',
      providerSecret: '',
    },
    validate: {
      name: (value) => {
        const name = value.trim();
        if (name === '') return 'O campo nome é obrigatório';
        return name.length > MAX_NAME ? `O campo nome deve ter no máximo ${MAX_NAME} caracteres` : null;
      },
      providerSecret: (value, values) => {
        const urlChanged = values.providerBaseUrl.trim() !== (instance?.providerBaseUrl ?? '');
        if (values.providerBaseUrl.trim() !== '' && value === '' && (urlChanged || !instance?.hasProvider)) {
          return 'Informe o segredo do provedor.';
        }
        return null;
      },
      providerBaseUrl: (value, values) =>
        value.trim() === '' && values.providerSecret !== '' ? 'Informe a URL do provedor.' : null,
    },
  });
  const pending = create.isPending || update.isPending;

  function failed(error: unknown) {
    const errors = formErrors(error, FIELD_MAP);
    form.setErrors(errors.fields);
    setGeneral(errors.general);
    notifications.show({
      color: 'red',
      title: editing ? 'Não foi possível salvar a instância' : 'Não foi possível criar a instância',
      message: errors.message,
    });
  }

  function submit(values: FormValues) {
    setGeneral([]);
    const name = values.name.trim();
    const baseUrl = values.providerBaseUrl.trim();
    const provider =
      values.providerSecret !== '' ? { providerBaseUrl: baseUrl, providerSecret: values.providerSecret } : {};
    if (!instance) {
      create.mutate(
        { name, tenantName, isOfficial: values.isOfficial, isUnlimited: values.isUnlimited, ...provider },
        {
          onSuccess: (created) => {
            notifications.show({
              color: 'teal',
              title: 'Instância criada',
              message: `A instância ${created.name} foi criada.`,
            });
            onDone();
          },
          onError: failed,
        },
      );
      return;
    }
    const changes: InstanceChangesInput = { id: instance.id, tenantName, ...provider };
    if (name !== instance.name) changes.name = name;
    if (values.activated !== instance.activated) changes.activated = values.activated;
    if (values.isOfficial !== instance.isOfficial) changes.isOfficial = values.isOfficial;
    if (values.isUnlimited !== instance.isUnlimited) changes.isUnlimited = values.isUnlimited;
    update.mutate(changes, {
      onSuccess: (saved) => {
        notifications.show({
          color: 'teal',
          title: 'Instância salva',
          message: `As alterações de ${saved.name} foram salvas.`,
        });
        onDone();
      },
      onError: failed,
    });
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormAlert messages={general} />
        <TextInput
          label="Nome"
          required
          maxLength={MAX_NAME}
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Switch
            label="Oficial"
            description="Conexão pela API oficial"
            {...form.getInputProps('isOfficial', { type: 'checkbox' })}
          />
          <Switch
            label="Ilimitada"
            description="Sem limite de envio"
            {...form.getInputProps('isUnlimited', { type: 'checkbox' })}
          />
          {editing ? (
            <Switch
              label="Ativa"
              description="Desativada, não recebe nem envia"
              {...form.getInputProps('activated', { type: 'checkbox' })}
            />
          ) : null}
        </SimpleGrid>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Provedor
          </Text>
          <Text size="xs" c="dimmed">
            De onde vêm as mensagens sincronizadas. URL HTTPS e segredo (o segredo nunca é mostrado de novo
            {editing && instance?.hasProvider ? '; deixe em branco para manter o atual' : ''}).
          </Text>
          <TextInput
            label="URL do provedor"
            placeholder="https://provedor.exemplo.com.br"
            autoComplete="off"
            {...form.getInputProps('providerBaseUrl')}
          />
          <PasswordInput
            label="Segredo do provedor"
            autoComplete="new-password"
            {...form.getInputProps('providerSecret')}
          />
        </Stack>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending}>
            {editing ? 'Salvar' : 'Criar instância'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
