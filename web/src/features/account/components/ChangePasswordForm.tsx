/**
 * "Alterar senha" (docs/account.md#my-password): the current password, the new one with the
 * strength meter (docs/contracts.md#password-strength) and its confirmation. The server's field
 * errors show under the field they name; on success the new access token is already stored and
 * the form says that the person's other sessions ended. Used by /user-settings and by the forced
 * change of a temporary password (/trocar-senha).
 */
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { PasswordStrengthMeter } from '../../../components/PasswordStrengthMeter';
import { formErrors } from '../../../lib/api-errors';
import { weakPasswordError } from '../../../lib/password-strength';
import { changePassword, PASSWORD_FIELDS, type PasswordChanged } from '../api/change-password';

export const PASSWORD_CHANGED_MESSAGE = 'Senha alterada. As suas outras sessões foram encerradas.';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmation: string;
}

export interface ChangePasswordFormProps {
  /** After the server took the new password (the new token is stored by then). */
  onChanged?: (answer: PasswordChanged) => void | Promise<void>;
  /** Puts the focus in the first field (the forced change, where it is all the screen is for). */
  autoFocus?: boolean;
  /** The label of the current password (a temporary password is still "the current" one). */
  currentLabel?: string;
}

/** The eye button of a password field, named in pt_BR (Mantine's default name is English). */
const toggleProps = (label: string) => ({ 'aria-label': `Mostrar ou ocultar ${label.toLowerCase()}` });

export function ChangePasswordForm({
  onChanged,
  autoFocus = false,
  currentLabel = 'Senha atual',
}: ChangePasswordFormProps) {
  const [pending, setPending] = useState(false);
  const [general, setGeneral] = useState<string[]>([]);
  const [changed, setChanged] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmation: '' },
    validate: {
      currentPassword: (value) => (value === '' ? 'Informe a sua senha atual.' : null),
      newPassword: (value, values) => {
        if (value === '') return 'Informe a nova senha.';
        if (value === values.currentPassword) return 'A nova senha deve ser diferente da atual.';
        return weakPasswordError(value);
      },
      confirmation: (value, values) => {
        if (value === '') return 'Repita a nova senha.';
        return value === values.newPassword ? null : 'As senhas não conferem.';
      },
    },
  });

  async function submit(values: Values) {
    if (pending) return;
    setPending(true);
    setGeneral([]);
    setChanged(false);
    try {
      const answer = await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      form.reset();
      setChanged(true);
      await onChanged?.(answer);
    } catch (error) {
      const errors = formErrors(error, PASSWORD_FIELDS);
      form.setErrors(errors.fields);
      setGeneral(errors.general);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        {changed ? (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
            <Text size="sm">{PASSWORD_CHANGED_MESSAGE}</Text>
          </Alert>
        ) : null}
        <FormAlert messages={general} />
        <PasswordInput
          label={currentLabel}
          required
          autoComplete="current-password"
          autoFocus={autoFocus}
          visibilityToggleButtonProps={toggleProps(currentLabel)}
          {...form.getInputProps('currentPassword')}
        />
        <Stack gap="xs">
          <PasswordInput
            label="Nova senha"
            required
            autoComplete="new-password"
            visibilityToggleButtonProps={toggleProps('Nova senha')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordStrengthMeter password={form.values.newPassword} />
        </Stack>
        <PasswordInput
          label="Confirme a nova senha"
          required
          autoComplete="new-password"
          visibilityToggleButtonProps={toggleProps('Confirmação da nova senha')}
          {...form.getInputProps('confirmation')}
        />
        <Group>
          <Button type="submit" loading={pending}>
            Alterar senha
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
