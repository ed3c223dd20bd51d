/**
 * The login screen's form: email + password, then the 6-digit code when two-factor is on (that
 * step is a separate chunk: most logins never need it, and /login must stay small).
 */
import { Button, Center, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { lazy, Suspense } from 'react';
import * as z from 'zod/mini';
import { useLogin } from '../hooks/use-login';
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

  const { step, error, pending, submitCredentials, submitCode, backToCredentials } = useLogin({
    // The email is cleared with the token, the password too (docs/contracts.md#error-messages).
    onFailure: () => form.setValues({ email: '', password: '' }),
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
      onSubmit={form.onSubmit((values) => submitCredentials({ email: values.email.trim(), password: values.password }))}
      noValidate
    >
      <Stack>
        <LoginError message={error} />
        <TextInput
          label="Email"
          placeholder="voce@empresa.com.br"
          type="email"
          autoComplete="username"
          required
          autoFocus
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Senha"
          placeholder="Sua senha"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={pending} fullWidth mt="sm">
          Entrar
        </Button>
      </Stack>
    </form>
  );
}
