/**
 * Change only a user's email or only their name (docs/contracts.md#screens-and-routes, Users "change
 * email or name"; docs/contracts.md#api-calls, `PUT /api/users/{id}` with only `email`, or only
 * `name`).
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { formErrors } from '../../../lib/api-errors';
import { useChangeUserEmail } from '../api/change-user-email';
import { useChangeUserName } from '../api/change-user-name';
import type { User } from '../api/get-users';
import { validateEmail, validateName } from '../user-validation';

export type UserField = 'email' | 'name';

const TEXTS = {
  email: {
    title: 'Alterar email',
    label: 'Novo email',
    saved: 'Email alterado',
    failed: 'Não foi possível alterar o email',
  },
  name: {
    title: 'Alterar nome',
    label: 'Novo nome',
    saved: 'Nome alterado',
    failed: 'Não foi possível alterar o nome',
  },
} as const;

export interface UserFieldModalProps {
  /** What to change, and whose; null when closed. */
  target: { field: UserField; user: User } | null;
  onClose: () => void;
}

export function UserFieldModal({ target, onClose }: UserFieldModalProps) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={target ? TEXTS[target.field].title : ''} centered>
      {target ? (
        <FieldForm key={`${target.field}-${target.user.id}`} field={target.field} user={target.user} onDone={onClose} />
      ) : null}
    </Modal>
  );
}

function FieldForm({ field, user, onDone }: { field: UserField; user: User; onDone: () => void }) {
  const texts = TEXTS[field];
  const changeEmail = useChangeUserEmail();
  const changeName = useChangeUserName();
  const pending = changeEmail.isPending || changeName.isPending;
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm({
    mode: 'controlled',
    initialValues: { value: user[field] },
    validate: { value: field === 'email' ? validateEmail : validateName },
  });

  function submit({ value }: { value: string }) {
    setGeneral([]);
    const trimmed = value.trim();
    const options = {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          title: texts.saved,
          message: field === 'email' ? `${user.name} agora entra com ${trimmed}.` : `Agora o nome é ${trimmed}.`,
        });
        onDone();
      },
      onError: (error: unknown) => {
        const errors = formErrors(error, { [field]: 'value' });
        form.setErrors(errors.fields);
        setGeneral(errors.general);
        notifications.show({ color: 'red', title: texts.failed, message: errors.message });
      },
    };
    if (field === 'email') changeEmail.mutate({ id: user.id, email: trimmed }, options);
    else changeName.mutate({ id: user.id, name: trimmed }, options);
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {field === 'email' ? `Email atual de ${user.name}: ${user.email}` : `Nome atual: ${user.name}`}
        </Text>
        <FormAlert messages={general} />
        <TextInput
          label={texts.label}
          type={field === 'email' ? 'email' : 'text'}
          required
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('value')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending} disabled={form.values.value.trim() === user[field]}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
