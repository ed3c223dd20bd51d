/**
 * Why the login failed (login-failure.ts): the message as an alert — for refused credentials
 * exactly 'Email ou/e senha errado(s)' (docs/contracts.md#error-messages) — and, under it, the
 * lockout hint, which is shown on every such failure (the server never says whether an account is
 * blocked).
 */
import { Alert, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { describeLoginFailure, type LoginFailure } from '../login-failure';

export function LoginError({ failure }: { failure: LoginFailure | null }) {
  if (!failure) return null;
  const { message, hint } = describeLoginFailure(failure);
  return (
    <div>
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {message}
      </Alert>
      {hint ? (
        <Text size="sm" c="dimmed" mt={6} data-testid="login-hint">
          {hint}
        </Text>
      ) : null}
    </div>
  );
}
