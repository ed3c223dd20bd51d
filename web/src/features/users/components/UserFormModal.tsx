/**
 * Create or edit a user (docs/contracts.md#screens-and-routes, Users "create, alter"): name, email,
 * username, password (with the strength meter of docs/contracts.md#password-strength; required on
 * create, optional on edit), role, department and instances. Server field errors (422) go next to
 * their fields, the rest to an alert and a toast.
 *
 * The role, department and instance pickers come from one call, `GET /api/users/options`, which
 * the route `users` is enough for. If it fails, the form says so (with a retry) and an edit keeps
 * the user's current role, department and instances.
 */
import { Button, Group, MultiSelect, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormModal } from '../../../components/FormModal';
import { LoadError } from '../../../components/LoadError';
import { PasswordStrengthMeter } from '../../../components/PasswordStrengthMeter';
import { FormAlert } from '../../../components/FormAlert';
import { formErrors } from '../../../lib/api-errors';
import { weakPasswordError } from '../../../lib/password-strength';
import { useCreateUser } from '../api/create-user';
import { useUserOptions, type UserOptions } from '../api/get-user-options';
import type { User } from '../api/get-users';
import { useUpdateUser, type UserChangesInput } from '../api/update-user';
import { validateEmail, validateName } from '../user-validation';

/** Server field name → form field. */
const FIELD_MAP: Record<string, string> = {
  name: 'name',
  email: 'email',
  username: 'username',
  password: 'password',
  role_id: 'roleId',
  user_department_id: 'departmentId',
  chosen_instances: 'instanceIds',
};

interface FormValues {
  name: string;
  email: string;
  username: string;
  password: string;
  roleId: number | null;
  departmentId: number | null;
  instanceIds: number[];
}

export interface UserFormModalProps {
  opened: boolean;
  /** The user to edit; null to create one. */
  user: User | null;
  onClose: () => void;
}

function initialValues(user: User | null): FormValues {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    username: user?.username ?? '',
    password: '',
    roleId: user?.role?.id ?? null,
    departmentId: user?.userDepartment?.id ?? null,
    instanceIds: user?.userInstances.map((link) => link.instance.id) ?? [],
  };
}

export function UserFormModal({ opened, user, onClose }: UserFormModalProps) {
  const title = user ? `Editar usuário: ${user.name}` : 'Novo usuário';
  return (
    <FormModal opened={opened} onClose={onClose} title={title}>
      {/* Keyed by user: editing another user starts from that user's values. */}
      {opened ? <UserForm key={user?.id ?? 'new'} user={user} onDone={onClose} /> : null}
    </FormModal>
  );
}

interface Choice {
  value: number;
  label: string;
}

/** Adds `extra` to `data` unless an option with its value is already there. */
function withCurrent(data: Choice[], extra: Choice[]): Choice[] {
  const known = new Set(data.map((choice) => choice.value));
  return [...data, ...extra.filter((choice) => !known.has(choice.value))];
}

/**
 * The pickers' options: the server's, plus what the edited user already has and the options do
 * not list (an inactive department, or anything while the options are loading or failed), so the
 * current values always show.
 */
function pickerData(options: UserOptions | undefined, user: User | null) {
  const roleData = withCurrent(
    (options?.roles ?? []).map((role) => ({ value: role.id, label: role.display_name })),
    user?.role ? [{ value: user.role.id, label: user.role.display_name }] : [],
  );
  const departmentData = withCurrent(
    (options?.departments ?? []).map((department) => ({
      value: department.id,
      label: department.activated ? department.name : `${department.name} (inativo)`,
    })),
    user?.userDepartment
      ? [
          {
            value: user.userDepartment.id,
            label: user.userDepartment.activated ? user.userDepartment.name : `${user.userDepartment.name} (inativo)`,
          },
        ]
      : [],
  );
  const instanceData = withCurrent(
    (options?.instances ?? []).map((instance) => ({
      value: instance.id,
      label: instance.activated ? instance.name : `${instance.name} (inativa)`,
    })),
    (user?.userInstances ?? []).map((link) => ({
      value: link.instance.id,
      label: link.instance.activated ? link.instance.name : `${link.instance.name} (inativa)`,
    })),
  );
  return { roleData, departmentData, instanceData };
}

function UserForm({ user, onDone }: { user: User | null; onDone: () => void }) {
  const editing = user !== null;
  const options = useUserOptions();
  const create = useCreateUser();
  const update = useUpdateUser();
  const [general, setGeneral] = useState<string[]>([]);

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues(user),
    validate: {
      name: validateName,
      email: validateEmail,
      password: (value) => {
        if (!editing && value === '') return 'Informe uma senha.';
        return value === '' ? null : weakPasswordError(value);
      },
      roleId: (value) => (value === null ? 'Escolha um perfil.' : null),
    },
  });

  const pending = create.isPending || update.isPending;

  function failed(error: unknown) {
    const errors = formErrors(error, FIELD_MAP);
    form.setErrors(errors.fields);
    setGeneral(errors.general);
    notifications.show({
      color: 'red',
      title: editing ? 'Não foi possível salvar o usuário' : 'Não foi possível criar o usuário',
      message: errors.message,
    });
  }

  function submit(values: FormValues) {
    setGeneral([]);
    const name = values.name.trim();
    const email = values.email.trim();
    const username = values.username.trim();
    if (!user) {
      if (values.roleId === null) return;
      create.mutate(
        {
          name,
          email,
          password: values.password,
          username: username === '' ? undefined : username,
          role_id: values.roleId,
          user_department_id: values.departmentId,
          chosen_instances: values.instanceIds,
        },
        {
          onSuccess: () => {
            notifications.show({
              color: 'teal',
              title: 'Usuário criado',
              message: `${name} (${email}) já pode entrar.`,
            });
            onDone();
          },
          onError: failed,
        },
      );
      return;
    }
    const changes: UserChangesInput = {
      name,
      email,
      username,
      user_department_id: values.departmentId,
      chosen_instances: values.instanceIds,
    };
    if (values.roleId !== null) changes.role_id = values.roleId;
    if (values.password !== '') changes.password = values.password;
    update.mutate(
      { id: user.id, changes },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: 'Usuário salvo',
            message: `As alterações de ${name} foram salvas.`,
          });
          onDone();
        },
        onError: failed,
      },
    );
  }

  const { roleData, departmentData, instanceData } = pickerData(options.data, user);
  const loading = options.isPending;

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        {options.isError ? (
          <LoadError
            title="Não foi possível carregar perfis, departamentos e instâncias."
            error={options.error}
            onRetry={() => void options.refetch()}
            retrying={options.isFetching}
          />
        ) : null}
        <FormAlert messages={general} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Nome" required autoComplete="off" data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
        </SimpleGrid>
        <TextInput
          label="Usuário"
          description={editing ? 'Nome de usuário único.' : 'Opcional: sem ele, o servidor cria um a partir do email.'}
          autoComplete="off"
          {...form.getInputProps('username')}
        />
        <Stack gap="xs">
          <PasswordInput
            label={editing ? 'Nova senha' : 'Senha'}
            description={
              editing
                ? 'Deixe em branco para manter a senha atual. Uma nova senha encerra as sessões abertas desta conta.'
                : undefined
            }
            required={!editing}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          {!editing || form.values.password !== '' ? <PasswordStrengthMeter password={form.values.password} /> : null}
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select<number>
            label="Perfil"
            required
            placeholder={loading ? 'Carregando perfis…' : 'Escolha um perfil'}
            data={roleData}
            error={form.errors.roleId}
            allowDeselect={false}
            value={form.values.roleId}
            onChange={(value) => form.setFieldValue('roleId', value)}
            comboboxProps={{ withinPortal: true }}
          />
          <Select<number>
            label="Departamento"
            placeholder={loading ? 'Carregando departamentos…' : 'Sem departamento'}
            data={departmentData}
            clearable
            error={form.errors.departmentId}
            value={form.values.departmentId}
            onChange={(value) => form.setFieldValue('departmentId', value)}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <MultiSelect<number>
          label="Instâncias"
          placeholder={
            loading
              ? 'Carregando instâncias…'
              : instanceData.length === 0
                ? 'Nenhuma instância'
                : 'Escolha as instâncias'
          }
          description="As conexões de mensagens que esta pessoa atende."
          data={instanceData}
          searchable
          clearable
          error={form.errors.instanceIds}
          value={form.values.instanceIds}
          onChange={(value) => form.setFieldValue('instanceIds', value)}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending}>
            {editing ? 'Salvar' : 'Criar usuário'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
