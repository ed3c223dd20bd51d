/**
 * "Definir senha temporária" (docs/account.md#temporary-password-administrator): the administrator
 * types (or generates) a password with the strength meter; the user's sessions end, and at the next
 * login the user must change it before anything else.
 */
import { Button, CopyButton, Group, Modal, PasswordInput, Stack, Text, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { PasswordStrengthMeter } from '../../../components/PasswordStrengthMeter';
import { formErrors } from '../../../lib/api-errors';
import { weakPasswordError } from '../../../lib/password-strength';
import type { User } from '../api/get-users';
import { useSetTemporaryPassword } from '../api/set-temporary-password';
import { generateTemporaryPassword } from '../temporary-password';

export interface TemporaryPasswordModalProps {
  /** Whose password; null when closed. */
  user: User | null;
  onClose: () => void;
}

export function TemporaryPasswordModal({ user, onClose }: TemporaryPasswordModalProps) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Definir senha temporária" centered>
      {user ? <TemporaryPasswordForm key={user.id} user={user} onDone={onClose} /> : null}
    </Modal>
  );
}

function TemporaryPasswordForm({ user, onDone }: { user: User; onDone: () => void }) {
  const save = useSetTemporaryPassword();
  const [general, setGeneral] = useState<string[]>([]);
  const [visible, setVisible] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: {
      password: (value) => (value === '' ? 'Informe uma senha temporária.' : weakPasswordError(value)),
    },
  });

  function submit({ password }: { password: string }) {
    setGeneral([]);
    save.mutate(
      { id: user.id, password },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: 'Senha temporária definida',
            message: `Passe a senha para ${user.name} por um canal seguro. No próximo login, será preciso trocá-la.`,
          });
          onDone();
        },
        onError: (error) => {
          const errors = formErrors(error, { password: 'password' });
          form.setErrors(errors.fields);
          setGeneral(errors.general);
        },
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {`${user.name} (${user.email}) vai entrar com esta senha e terá de escolher uma nova antes de continuar. As sessões abertas desta conta terminam agora.`}
        </Text>
        <FormAlert messages={general} />
        <Stack gap="xs">
          <PasswordInput
            label="Senha temporária"
            required
            autoComplete="new-password"
            data-autofocus
            visible={visible}
            onVisibilityChange={setVisible}
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar a senha temporária' }}
            {...form.getInputProps('password')}
          />
          <PasswordStrengthMeter password={form.values.password} />
        </Stack>
        <Group gap="sm">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconWand size={14} />}
            onClick={() => {
              form.setFieldValue('password', generateTemporaryPassword());
              setVisible(true);
            }}
          >
            Gerar uma senha
          </Button>
          <CopyButton value={form.values.password} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copiada' : 'Copiar a senha'} withArrow>
                <Button
                  variant="subtle"
                  size="xs"
                  color={copied ? 'teal' : 'gray'}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                  disabled={form.values.password === ''}
                >
                  {copied ? 'Copiada' : 'Copiar'}
                </Button>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            Definir senha
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
