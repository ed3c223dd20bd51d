/**
 * The user's two-factor activity (docs/contracts.md#screens-and-routes, "user settings and
 * two-factor"; docs/auth.md): the status, turning it on (enroll → QR code and secret → first code
 * confirms → the ten recovery codes, shown once) and off (a current code), and the recovery codes
 * left, with new ones for a current code (docs/account.md#two-factor-recovery-codes). Used by
 * /two-factor and by the two-factor part of /user-settings. Starting an enrollment and turning it
 * off need proof of presence: without a recent password login, the "Confirme a sua senha" modal
 * asks the current password and the same call goes again with it (components/use-reauthentication.tsx).
 */
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconKey,
  IconRefresh,
  IconShieldCheck,
  IconShieldLock,
  IconShieldOff,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useReauthentication } from '../../../components/use-reauthentication';
import { ApiError } from '../../../lib/http';
import { isReauthenticationCancelled } from '../../../lib/reauthentication';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnrollTwoFactor, type Enrollment, type UserId } from '../api/enroll-two-factor';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { isCompleteCode, recoveryCodesLeftText } from '../code';
import { CodeField } from './CodeField';
import { EnrollmentSteps } from './EnrollmentSteps';
import { RecoveryCodesModal } from './RecoveryCodesModal';

/**
 * 403 code when the tenant's plan does not include two-factor
 * (docs/contracts.md#plans-features-and-limits).
 */
const FEATURE_DISABLED = 'feature_disabled';
const INCOMPLETE_CODE = 'Digite os 6 dígitos do código.';

export interface TwoFactorPanelProps {
  /** The logged-in user's id; undefined while the user info loads. */
  userId: UserId | undefined;
  /** `twoFactorEnabled` of the user info; undefined while it loads. */
  enabled: boolean | undefined;
  /** Card title: the feature's name by default; the two-factor screen, titled so already, says "Situação". */
  title?: string;
  /** Heading level of the card title (2 on its own screen, 3 inside user settings). */
  titleOrder?: 2 | 3 | 4;
  /** `recoveryCodesLeft` of the user info; undefined when it does not say. */
  recoveryCodesLeft?: number;
}

type Mode =
  { kind: 'status' } | { kind: 'enrolling'; enrollment: Enrollment } | { kind: 'disabling' } | { kind: 'regenerating' };

/** The message of a failed call, and whether it belongs under the code boxes. */
function describe(error: unknown): { codeError: string | null; message: string; code: string } {
  if (!(error instanceof ApiError)) return { codeError: null, message: 'Erro inesperado. Tente novamente.', code: '' };
  const field = error.errors.find((entry) => entry.field === 'code');
  return { codeError: field?.message ?? null, message: error.message, code: error.code };
}

function StatusBadge({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <Badge color="teal" variant="light" size="lg" style={{ flexShrink: 0 }}>
      Ativada
    </Badge>
  ) : (
    <Badge color="gray" variant="light" size="lg" style={{ flexShrink: 0 }}>
      Desativada
    </Badge>
  );
}

export function TwoFactorPanel({
  userId,
  enabled,
  title = 'Autenticação em dois fatores',
  titleOrder = 3,
  recoveryCodesLeft,
}: TwoFactorPanelProps) {
  const [mode, setMode] = useState<Mode>({ kind: 'status' });
  const [shownCodes, setShownCodes] = useState<readonly string[] | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const { reauthenticate, modal: reauthenticationModal } = useReauthentication();
  const enroll = useEnrollTwoFactor(reauthenticate);
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor(reauthenticate);
  const regenerate = useRegenerateRecoveryCodes();

  function reset(next: Mode) {
    setMode(next);
    setCode('');
    setCodeError(null);
  }

  function failed(error: unknown, title: string) {
    // The person closed the password modal: nothing happened, nothing to say.
    if (isReauthenticationCancelled(error)) return;
    const { codeError: fieldError, message, code: errorCode } = describe(error);
    if (errorCode === FEATURE_DISABLED) {
      setUnavailable(message);
      reset({ kind: 'status' });
      return;
    }
    setCode('');
    if (fieldError) {
      setCodeError(fieldError);
      return;
    }
    notifications.show({ color: 'red', title, message });
  }

  function start() {
    if (userId === undefined) return;
    enroll.mutate(userId, {
      onSuccess: (enrollment) => reset({ kind: 'enrolling', enrollment }),
      onError: (error) => failed(error, 'Não foi possível iniciar a ativação'),
    });
  }

  function submitConfirm(value: string) {
    if (userId === undefined || confirm.isPending) return;
    if (!isCompleteCode(value)) {
      setCodeError(INCOMPLETE_CODE);
      return;
    }
    setCodeError(null);
    confirm.mutate(
      { userId, code: value },
      {
        onSuccess: (answer) => {
          reset({ kind: 'status' });
          if (answer.recovery_codes.length > 0) setShownCodes(answer.recovery_codes);
          notifications.show({
            color: 'teal',
            title: 'Autenticação em dois fatores ativada',
            message: 'A partir do próximo login, pediremos o código do seu aplicativo.',
          });
        },
        onError: (error) => failed(error, 'Não foi possível ativar'),
      },
    );
  }

  function submitDisable(value: string) {
    if (userId === undefined || disable.isPending) return;
    if (!isCompleteCode(value)) {
      setCodeError(INCOMPLETE_CODE);
      return;
    }
    setCodeError(null);
    disable.mutate(
      { userId, code: value },
      {
        onSuccess: () => {
          reset({ kind: 'status' });
          notifications.show({
            color: 'teal',
            title: 'Autenticação em dois fatores desativada',
            message: 'O login volta a pedir só email e senha.',
          });
        },
        onError: (error) => failed(error, 'Não foi possível desativar'),
      },
    );
  }

  function submitRegenerate(value: string) {
    if (userId === undefined || regenerate.isPending) return;
    if (!isCompleteCode(value)) {
      setCodeError(INCOMPLETE_CODE);
      return;
    }
    setCodeError(null);
    regenerate.mutate(
      { userId, code: value },
      {
        onSuccess: (codes) => {
          reset({ kind: 'status' });
          setShownCodes(codes);
        },
        onError: (error) => failed(error, 'Não foi possível gerar novos códigos'),
      },
    );
  }

  let body: ReactNode;
  if (enabled === undefined || userId === undefined) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Carregando">
        <Skeleton height={14} width="80%" />
        <Skeleton height={36} width={200} mt="sm" />
      </Stack>
    );
  } else if (mode.kind === 'enrolling' && !enabled) {
    body = (
      <EnrollmentSteps
        enrollment={mode.enrollment}
        code={code}
        onCodeChange={(value) => {
          setCode(value);
          setCodeError(null);
        }}
        onConfirm={submitConfirm}
        onCancel={() => reset({ kind: 'status' })}
        codeError={codeError}
        pending={confirm.isPending}
      />
    );
  } else if (mode.kind === 'disabling' && enabled) {
    body = (
      <CodeStep
        intro={'Para desativar, digite o código que o seu aplicativo autenticador mostra agora.'}
        code={code}
        onCode={(value) => {
          setCode(value);
          setCodeError(null);
        }}
        error={codeError}
        pending={disable.isPending}
        onSubmit={submitDisable}
        onCancel={() => reset({ kind: 'status' })}
        submitLabel="Desativar"
        color="red"
      />
    );
  } else if (mode.kind === 'regenerating' && enabled) {
    body = (
      <CodeStep
        intro={
          'Para gerar novos códigos de recuperação, digite o código que o seu aplicativo autenticador mostra agora. Os códigos atuais deixam de valer.'
        }
        code={code}
        onCode={(value) => {
          setCode(value);
          setCodeError(null);
        }}
        error={codeError}
        pending={regenerate.isPending}
        onSubmit={submitRegenerate}
        onCancel={() => reset({ kind: 'status' })}
        submitLabel="Gerar novos códigos"
      />
    );
  } else if (enabled) {
    body = (
      <Stack gap="md" align="flex-start">
        <Text size="sm">
          Sua conta está protegida: ao entrar, além da senha, pediremos o código de 6 dígitos do seu aplicativo
          autenticador. Sem o celular, use um código de recuperação.
        </Text>
        {recoveryCodesLeft === undefined ? null : (
          <Group gap="xs" wrap="nowrap">
            <IconKey size={18} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text size="sm" fw={500} c={recoveryCodesLeft <= 2 ? 'var(--mantine-color-red-text)' : undefined}>
              {recoveryCodesLeftText(recoveryCodesLeft)}
            </Text>
          </Group>
        )}
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconRefresh size={18} />}
            onClick={() => reset({ kind: 'regenerating' })}
          >
            Gerar novos códigos
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconShieldOff size={18} />}
            onClick={() => reset({ kind: 'disabling' })}
          >
            Desativar
          </Button>
        </Group>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md" align="flex-start">
        <Text size="sm">
          Proteja sua conta: além da senha, o login pedirá um código de 6 dígitos gerado por um aplicativo autenticador
          no seu celular.
        </Text>
        {unavailable ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {unavailable}
          </Alert>
        ) : (
          <Button leftSection={<IconShieldLock size={18} />} onClick={start} loading={enroll.isPending}>
            Ativar
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" color={enabled ? 'teal' : 'gray'}>
            {enabled ? <IconShieldCheck size={20} /> : <IconShieldLock size={20} />}
          </ThemeIcon>
          <Title order={titleOrder} fz="h4">
            {title}
          </Title>
        </Group>
        {enabled === undefined ? null : <StatusBadge enabled={enabled} />}
      </Group>
      {body}
      <RecoveryCodesModal codes={shownCodes} onClose={() => setShownCodes(null)} />
      {reauthenticationModal}
    </Card>
  );
}

interface CodeStepProps {
  intro: string;
  code: string;
  onCode: (value: string) => void;
  error: string | null;
  pending: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
  submitLabel: string;
  color?: string;
}

/** A step that asks the authenticator's current code (turning off, renewing the recovery codes). */
function CodeStep({ intro, code, onCode, error, pending, onSubmit, onCancel, submitLabel, color }: CodeStepProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(code);
      }}
      noValidate
    >
      <Stack gap="md" align="flex-start">
        <Text size="sm">{intro}</Text>
        <CodeField
          label="Código de verificação"
          value={code}
          onChange={onCode}
          onComplete={onSubmit}
          error={error}
          disabled={pending}
          autoFocus
        />
        <Group gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" color={color} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
