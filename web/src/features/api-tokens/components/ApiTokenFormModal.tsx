/**
 * "Novo token": the integration's name, the role ("Perfil") whose routes it calls, the instances
 * it is restricted to (none: all) and, with instances, a department, and how long it is valid
 * ("90 dias" chosen). The server's 422 field errors go under their fields. Once created, the same
 * dialog shows the secret — the only time it is shown — until "Já copiei o token"; closing it
 * drops the secret (this component's state, and the mutation, which is reset at once).
 */
import { Button, Group, Input, MultiSelect, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { LoadError } from '../../../components/LoadError';
import { formErrors } from '../../../lib/api-errors';
import { useCreateApiToken } from '../api/create-api-token';
import { useTokenOptions } from '../api/get-token-options';
import type { TokenOptions } from '../api/schemas';
import { DEFAULT_VALIDITY, expiresAtFor, isValidity, VALIDITY_CHOICES, validityHint, type Validity } from '../labels';
import { TokenReveal } from './TokenReveal';

export interface ApiTokenFormModalProps {
  opened: boolean;
  onClose: () => void;
}

interface Revealed {
  name: string;
  secret: string;
}

export function ApiTokenFormModal({ opened, onClose }: ApiTokenFormModalProps) {
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const close = () => {
    setRevealed(null);
    onClose();
  };
  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={revealed ? 'Token criado' : 'Novo token'}
      size="lg"
      closeOnClickOutside={revealed === null}
    >
      {revealed ? (
        <Stack gap="md">
          <TokenReveal name={revealed.name} secret={revealed.secret} />
          <Group justify="flex-end">
            <Button onClick={close}>Já copiei o token</Button>
          </Group>
        </Stack>
      ) : opened ? (
        <TokenForm onCancel={close} onCreated={setRevealed} />
      ) : null}
    </FormModal>
  );
}

interface Values {
  name: string;
  roleId: number | null;
  instanceIds: number[];
  departmentId: number | null;
  validity: Validity;
}

/** The server's field names (422 `errors[].field`) → the form's. */
const FIELD_MAP: Record<string, string> = {
  name: 'name',
  roleId: 'roleId',
  instanceIds: 'instanceIds',
  departmentId: 'departmentId',
  expiresAt: 'validity',
};

const NAME_MAX = 80;

function validate(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Dê um nome ao token: o da integração que vai usá-lo.';
  else if (name.length > NAME_MAX) errors.name = `Use no máximo ${NAME_MAX} caracteres.`;
  if (values.roleId === null) errors.roleId = 'Escolha o perfil cujas rotas o token pode chamar.';
  return errors;
}

function pickerData(options: TokenOptions | undefined) {
  return {
    roleData: (options?.roles ?? []).map((role) => ({ value: role.id, label: role.display_name })),
    instanceData: (options?.instances ?? []).map((instance) => ({
      value: instance.id,
      label: instance.activated ? instance.name : `${instance.name} (inativa)`,
    })),
    departmentData: (options?.departments ?? []).map((department) => ({
      value: department.id,
      label: department.name,
    })),
  };
}

interface TokenFormProps {
  onCancel: () => void;
  onCreated: (revealed: Revealed) => void;
}

function TokenForm({ onCancel, onCreated }: TokenFormProps) {
  const options = useTokenOptions();
  const create = useCreateApiToken();
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: '', roleId: null, instanceIds: [], departmentId: null, validity: DEFAULT_VALIDITY },
    validate,
  });

  function fail(error: unknown) {
    const errors = formErrors(error, FIELD_MAP);
    form.setErrors(errors.fields);
    setGeneral(errors.general);
  }

  function submit(values: Values) {
    if (values.roleId === null) return;
    setGeneral([]);
    const name = values.name.trim();
    create.mutate(
      {
        name,
        roleId: values.roleId,
        instanceIds: values.instanceIds,
        departmentId: values.instanceIds.length > 0 ? values.departmentId : null,
        expiresAt: expiresAtFor(values.validity),
      },
      {
        onSuccess: (created) => {
          onCreated({ name: created.name, secret: created.token });
          // The answer (with its secret) leaves the mutation cache: only the dialog's state has it.
          create.reset();
        },
        onError: fail,
      },
    );
  }

  const { roleData, instanceData, departmentData } = pickerData(options.data);
  const loading = options.isPending;
  const restricted = form.values.instanceIds.length > 0;
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          O token é da integração, não de uma pessoa: chama as rotas do perfil escolhido, por REST e GraphQL, com o
          cabeçalho <code>Authorization: Bearer</code>.
        </Text>
        {options.isError ? (
          <LoadError
            title="Não foi possível carregar perfis, instâncias e departamentos."
            error={options.error}
            onRetry={() => void options.refetch()}
            retrying={options.isFetching}
          />
        ) : null}
        <FormAlert messages={general} />
        <TextInput
          label="Nome"
          description="O nome da integração: aparece como autor de tudo o que o token fizer."
          placeholder="Ex.: ERP Bling"
          required
          maxLength={NAME_MAX}
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Select<number>
          label="Perfil"
          description="O token pode chamar as rotas que este perfil abre."
          required
          placeholder={loading ? 'Carregando perfis…' : 'Escolha um perfil'}
          data={roleData}
          allowDeselect={false}
          error={form.errors.roleId}
          value={form.values.roleId}
          onChange={(value) => form.setFieldValue('roleId', value)}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect<number>
          label="Instâncias"
          description="Vazio: todas. Com instâncias, o token vê só as conversas delas."
          placeholder={loading ? 'Carregando instâncias…' : restricted ? undefined : 'Todas as instâncias'}
          data={instanceData}
          searchable
          clearable
          error={form.errors.instanceIds}
          value={form.values.instanceIds}
          onChange={(value) => {
            form.setFieldValue('instanceIds', value);
            if (value.length === 0) form.setFieldValue('departmentId', null);
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <Select<number>
          label="Departamento"
          description={
            restricted
              ? 'Opcional: só as conversas deste departamento nas instâncias escolhidas.'
              : 'Escolha ao menos uma instância para restringir a um departamento.'
          }
          placeholder={loading ? 'Carregando departamentos…' : 'Todos os departamentos'}
          data={departmentData}
          clearable
          disabled={!restricted}
          error={form.errors.departmentId}
          value={form.values.departmentId}
          onChange={(value) => form.setFieldValue('departmentId', value)}
          comboboxProps={{ withinPortal: true }}
        />
        <Input.Wrapper
          label="Validade"
          labelElement="div"
          description={validityHint(form.values.validity)}
          error={form.errors.validity}
        >
          <SegmentedControl
            aria-label="Validade"
            data={VALIDITY_CHOICES.map((choice) => ({ value: choice.value, label: choice.label }))}
            value={form.values.validity}
            onChange={(value) => {
              if (isValidity(value)) form.setFieldValue('validity', value);
            }}
            fullWidth
            mt={4}
          />
        </Input.Wrapper>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Criar token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
