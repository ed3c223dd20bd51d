/** Second login step when two-factor is on: the 6-digit TOTP code (docs/auth.md). */
import { Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import * as z from 'zod/mini';
import { LoginError } from './LoginError';

const CodeSchema = z.object({
  code: z.string().check(z.regex(/^\d{6}$/, { error: 'O código deve ter 6 dígitos' })),
});

export interface TwoFactorStepProps {
  error: string | null;
  pending: boolean;
  onSubmit: (code: string) => void;
  onBack: () => void;
}

export function TwoFactorStep({ error, pending, onSubmit, onBack }: TwoFactorStepProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: schemaResolver(CodeSchema, { sync: true }),
  });

  return (
    <form onSubmit={form.onSubmit(({ code }) => onSubmit(code))} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          Digite o código de 6 dígitos do seu aplicativo autenticador.
        </Text>
        <LoginError message={error} />
        <Stack gap={4} align="center">
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            autoFocus
            aria-label="Código de verificação"
            {...form.getInputProps('code')}
            onComplete={(code) => {
              form.setFieldValue('code', code);
              onSubmit(code);
            }}
          />
          {form.errors.code ? (
            <Text size="xs" c="red">
              {form.errors.code}
            </Text>
          ) : null}
        </Stack>
        <Button type="submit" loading={pending} fullWidth>
          Verificar
        </Button>
        <Group justify="center">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Voltar
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
