/**
 * The login screen's form: email + password, then the 6-digit code when two-factor is on (that
 * step is a separate chunk: most logins never need it, and /login must stay small).
 *
 * After a failure the email typed stays (the session clears what is *stored*, not what the person
 * typed) and the password is cleared and focused. After the server ended the session, the form
 * says so once; "Esqueci minha senha" explains how to get back in.
 */
import { Alert, Button, Center, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconClockExclamation } from '@tabler/icons-react';
import { lazy, Suspense, useRef } from 'react';
import * as z from 'zod/mini';
import { SESSION_EXPIRED_MESSAGE } from '../../../lib/http';
import { useLogin } from '../hooks/use-login';
import { useSessionExpiredNotice } from '../hooks/use-session-expired-notice';
import { ForgotPassword } from './ForgotPassword';
import { LoginError } from './LoginError';

const TwoFactorStep = lazy(() => import('./TwoFactorStep').then((module) => ({ default: module.TwoFactorStep })));

const CredentialsSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, { error: 'O campo email é obrigatório' })),
    z.email({ error: 'O campo email deve ser um email válido' }),
  ),
  password: z.string().check(z.minLength(1, { error: 'O campo senha é obrigatório' })),
});

export function LoginForm() {
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(CredentialsSchema, { sync: true }),
  });
  const passwordRef = useRef<HTMLInputElement>(null);
  const expired = useSessionExpiredNotice();

  const { step, error, pending, submitCredentials, submitCode, backToCredentials } = useLogin({
    // The stored token and email are cleared (docs/contracts.md#error-messages); the email the
    // person typed stays, the password goes, and the next try starts at the password.
    onFailure: () => {
      form.setFieldValue('password', '');
      // After the code step the credentials form mounts again: wait for it.
      window.setTimeout(() => passwordRef.current?.focus(), 0);
    },
  });

  if (step.kind === 'two-factor') {
    return (
      <Suspense
        fallback={
          <Center py="xl">
            <Loader aria-label="Carregando" />
          </Center>
        }
      >
        <TwoFactorStep error={error} pending={pending} onSubmit={submitCode} onBack={backToCredentials} />
      </Suspense>
    );
  }

  return (
    <form
      onSubmit={form.onSubmit((values) => {
        expired.dismiss();
        submitCredentials({ email: values.email.trim(), password: values.password });
      })}
      noValidate
    >
      <Stack>
        {expired.shown ? (
          <Alert color="yellow" variant="light" icon={<IconClockExclamation size={18} />} role="status">
            {SESSION_EXPIRED_MESSAGE}
          </Alert>
        ) : null}
        <LoginError failure={error} />
        <TextInput
          label="Email"
          placeholder="voce@empresa.com.br"
          type="email"
          autoComplete="username"
          required
          autoFocus
          {...form.getInputProps('email')}
        />
        <Stack gap={6}>
          <PasswordInput
            ref={passwordRef}
            label="Senha"
            placeholder="Sua senha"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <ForgotPassword />
        </Stack>
        <Button type="submit" loading={pending} fullWidth mt="sm">
          Entrar
        </Button>
      </Stack>
    </form>
  );
}
