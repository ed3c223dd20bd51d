/**
 * Create or update an instance (docs/contracts.md#screens-and-routes Instances "create, update"):
 * name, official/unlimited flags, and how it reaches its number: a generic provider (base URL +
 * secret), Meta's WhatsApp Cloud API (ids and secrets from Meta's dashboards; picking it turns
 * "Oficial" on) or an Evolution API gateway (an unofficial number paired by QR code: its address,
 * the instance name there and its API key; "Oficial" is left as it is). Secrets are never shown
 * back. On update also activation; only changed fields are sent (instance-form.ts). The connection
 * status is not set by hand: the provider reports it (`InstanceUpdated`) after "Conectar número".
 */
import { Button, Group, PasswordInput, Radio, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useRef, useState, type ReactNode } from 'react';
import { FormModal } from '../../../components/FormModal';
import { FormAlert } from '../../../components/FormAlert';
import { formErrors } from '../../../lib/api-errors';
import { useCreateInstance } from '../api/create-instance';
import {
  PROVIDER_KINDS,
  cloudWebhookUrl,
  isCloudInstance,
  isEvolutionInstance,
  type Instance,
  type ProviderKind,
} from '../api/get-instances';
import { useUpdateInstance } from '../api/update-instance';
import {
  INSTANCE_FIELD_MAP,
  MAX_NAME,
  formKind,
  initialFormValues,
  instanceFormValidation,
  toInstanceChanges,
  toNewInstance,
  type InstanceFormValues,
} from '../instance-form';
import { CloudProviderFields } from './CloudProviderFields';
import { EvolutionProviderFields } from './EvolutionProviderFields';

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

const PROVIDER_TITLES: Record<ProviderKind, string> = {
  generic: 'Provedor',
  cloud: 'WhatsApp Cloud API',
  evolution: 'Gateway Evolution',
};

function KindChoice({
  value,
  error,
  onChange,
}: {
  value: ProviderKind;
  error: ReactNode;
  onChange: (kind: ProviderKind) => void;
}) {
  return (
    <Radio.Group
      label="Tipo de conexão"
      value={value}
      onChange={(next) => onChange(PROVIDER_KINDS.find((kind) => kind === next) ?? 'generic')}
      error={error}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt={6}>
        <Radio
          value="generic"
          label="Provedor genérico"
          description="Um serviço intermediário, conectado por QR code"
        />
        <Radio
          value="cloud"
          label="WhatsApp oficial (Cloud API)"
          description="A API da Meta, com o número no WhatsApp Business"
        />
        <Radio
          value="evolution"
          label="Gateway Evolution (QR code)"
          description="Um número não oficial, pela sua Evolution API"
        />
      </SimpleGrid>
    </Radio.Group>
  );
}

function GenericProviderFields({
  form,
  keepSecret,
}: {
  form: UseFormReturnType<InstanceFormValues>;
  keepSecret: boolean;
}) {
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        De onde vêm as mensagens sincronizadas. URL HTTPS e segredo (o segredo nunca é mostrado de novo
        {keepSecret ? '; deixe em branco para manter o atual' : ''}).
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
  const form = useForm<InstanceFormValues>({
    mode: 'controlled',
    initialValues: initialFormValues(instance),
    validate: instanceFormValidation(instance),
  });
  // "Oficial" as it was before picking the Cloud API turned it on: picking generic again restores it.
  const officialBeforeCloud = useRef(form.getValues().isOfficial);
  const pending = create.isPending || update.isPending;
  const kind = form.getValues().providerKind;

  function chooseKind(next: ProviderKind) {
    if (next === kind) return;
    const { isOfficial } = form.getValues();
    if (next === 'cloud') {
      officialBeforeCloud.current = isOfficial;
      form.setFieldValue('isOfficial', true);
    } else if (kind === 'cloud') {
      // Leaving the Cloud API; another kind (an Evolution gateway's unofficial number included)
      // does not force "Oficial" either way.
      form.setFieldValue('isOfficial', officialBeforeCloud.current);
    }
    form.setFieldValue('providerKind', next);
    form.clearErrors();
  }

  function failed(error: unknown) {
    const errors = formErrors(error, INSTANCE_FIELD_MAP);
    form.setErrors(errors.fields);
    setGeneral(errors.general);
    notifications.show({
      color: 'red',
      title: editing ? 'Não foi possível salvar a instância' : 'Não foi possível criar a instância',
      message: errors.message,
    });
  }

  function submit(values: InstanceFormValues) {
    setGeneral([]);
    if (!instance) {
      create.mutate(toNewInstance(values, tenantName), {
        onSuccess: (created) => {
          notifications.show({
            color: 'teal',
            title: 'Instância criada',
            message: `A instância ${created.name} foi criada.`,
          });
          onDone();
        },
        onError: failed,
      });
      return;
    }
    update.mutate(toInstanceChanges(values, instance, tenantName), {
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

  const cloudInstance = instance !== null && isCloudInstance(instance);
  const evolutionInstance = instance !== null && isEvolutionInstance(instance);
  let providerFields: ReactNode;
  if (kind === 'cloud') {
    providerFields = (
      <CloudProviderFields
        form={form}
        hasSecrets={cloudInstance}
        webhookUrl={cloudInstance ? cloudWebhookUrl(instance) : null}
      />
    );
  } else if (kind === 'evolution') {
    providerFields = <EvolutionProviderFields form={form} hasKey={evolutionInstance && instance.hasProvider} />;
  } else {
    providerFields = (
      <GenericProviderFields
        form={form}
        keepSecret={editing && instance.hasProvider && formKind(instance) === 'generic'}
      />
    );
  }
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormAlert messages={general} />
        <KindChoice value={kind} error={form.errors.providerKind} onChange={chooseKind} />
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
            {PROVIDER_TITLES[kind]}
          </Text>
          {providerFields}
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
