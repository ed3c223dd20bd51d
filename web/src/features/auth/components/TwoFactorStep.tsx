/**
 * Second login step when two-factor is on: the 6-digit TOTP code (docs/auth.md), or — "Usar um
 * código de recuperação" — one of the recovery codes shown when two-factor was turned on, typed as
 * text (docs/account.md#two-factor-recovery-codes: with or without the dash, any case).
 */
import { Anchor, Button, Group, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { LoginFailure } from '../login-failure';
import { LoginError } from './LoginError';

const TOTP_CODE = /^\d{6}$/;
/** `xxxxx-xxxxx`: letters and digits, with dashes and spaces ignored as the server ignores them. */
function isRecoveryCode(typed: string): boolean {
  return /^[a-z0-9]{8,16}$/i.test(typed.replace(/[\s-]/g, ''));
}

export interface TwoFactorStepProps {
  error: LoginFailure | null;
  pending: boolean;
  onSubmit: (code: string) => void;
  onBack: () => void;
}

export function TwoFactorStep({ error, pending, onSubmit, onBack }: TwoFactorStepProps) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  function submit(value: string) {
    const typed = value.trim();
    if (recovery ? !isRecoveryCode(typed) : !TOTP_CODE.test(typed)) {
      setCodeError(
        recovery ? 'Digite o código de recuperação como foi mostrado (xxxxx-xxxxx).' : 'O código deve ter 6 dígitos',
      );
      return;
    }
    setCodeError(null);
    onSubmit(typed);
  }

  function switchMode() {
    setRecovery((current) => !current);
    setCode('');
    setCodeError(null);
  }

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit(code);
      }}
      noValidate
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {recovery
            ? 'Digite um dos seus códigos de recuperação. Cada código vale uma única vez.'
            : 'Digite o código de 6 dígitos do seu aplicativo autenticador.'}
        </Text>
        <LoginError failure={error} />
        {recovery ? (
          <TextInput
            label="Código de recuperação"
            placeholder="xxxxx-xxxxx"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            ff="monospace"
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setCodeError(null);
            }}
            error={codeError}
          />
        ) : (
          <Stack gap={4} align="center">
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              autoFocus
              aria-label="Código de verificação"
              value={code}
              onChange={(value) => {
                setCode(value);
                setCodeError(null);
              }}
              error={Boolean(codeError)}
              onComplete={(value) => {
                setCode(value);
                submit(value);
              }}
            />
            {codeError ? (
              <Text size="xs" c="red">
                {codeError}
              </Text>
            ) : null}
          </Stack>
        )}
        <Button type="submit" loading={pending} fullWidth>
          Verificar
        </Button>
        <Group justify="center" gap="lg">
          <Anchor component="button" type="button" size="sm" onClick={switchMode}>
            {recovery ? 'Usar o código do aplicativo' : 'Usar um código de recuperação'}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Voltar
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
