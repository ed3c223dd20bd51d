/**
 * The login failure message (docs/contracts.md#error-messages: exactly 'Email ou/e senha
 * errado(s)').
 */
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export function LoginError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  );
}
