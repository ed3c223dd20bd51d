/**
 * "Confirme a sua senha" (docs/auth.md, proof of presence): the small modal that asks the person's
 * current password before a change to how they log in, when the server wants it
 * (`reauthentication_required`). The password lives in this modal's form only: cleared after each
 * attempt and gone when the modal closes. Driven by `useReauthentication` (use-reauthentication.tsx).
 */
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { FormAlert } from './FormAlert';

export const REAUTHENTICATION_TITLE = 'Confirme a sua senha';
export const REAUTHENTICATION_DESCRIPTION =
  'Por segurança, confirme a sua senha para alterar a autenticação em dois fatores.';

export interface ReauthenticationModalProps {
  opened: boolean;
  /** Why the password is asked (default: changing the person's own two-factor). */
  description?: string;
  /** The password field's error (a wrong password), null when none. */
  error: string | null;
  /** A failure that is not the password's (too many attempts), above the field. */
  alert: string | null;
  /** The retry is on its way. */
  submitting: boolean;
  /** Called with the typed password; the field is emptied when it settles. */
  onSubmit: (password: string) => Promise<void>;
  /** The person typed again after an error. */
  onEdit: () => void;
  onCancel: () => void;
}

export function ReauthenticationModal({
  opened,
  description = REAUTHENTICATION_DESCRIPTION,
  submitting,
  onCancel,
  ...form
}: ReauthenticationModalProps) {
  return (
    <Modal opened={opened} onClose={submitting ? () => undefined : onCancel} title={REAUTHENTICATION_TITLE} centered>
      {/* Inside the modal's content, so the typed password goes when the modal closes. */}
      <PasswordForm description={description} submitting={submitting} onCancel={onCancel} {...form} />
    </Modal>
  );
}

type PasswordFormProps = Omit<ReauthenticationModalProps, 'opened' | 'description'> & { description: string };

function PasswordForm({ description, error, alert, submitting, onSubmit, onEdit, onCancel }: PasswordFormProps) {
  const [password, setPassword] = useState('');
  const input = useRef<HTMLInputElement>(null);

  async function submit() {
    if (submitting) return;
    try {
      await onSubmit(password);
    } finally {
      // Not kept beyond the attempt: a wrong one is typed again.
      setPassword('');
      input.current?.focus();
    }
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm">{description}</Text>
        <FormAlert messages={alert === null ? [] : [alert]} />
        <PasswordInput
          ref={input}
          label="Senha atual"
          required
          autoComplete="current-password"
          data-autofocus
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            if (error !== null) onEdit();
          }}
          error={error}
          readOnly={submitting}
          visibilityToggleButtonProps={{ 'aria-label': 'Mostrar ou ocultar senha atual' }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancelar
          </Button>
          <Button type="submit" loading={submitting}>
            Confirmar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
