/**
 * The steps of the two-factor card (components/TwoFactorPanel): which step is shown (the status,
 * enrolling, turning off, renewing the recovery codes), the code being typed and its error, the
 * recovery codes to show once, and the calls behind each step. Starting an enrollment and turning
 * it off need proof of presence: without a recent password login, the "Confirme a sua senha"
 * modal (`reauthenticationModal`, to be rendered) asks the current password and the same call goes
 * again with it (components/use-reauthentication.tsx).
 */
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useReauthentication } from '../../../components/use-reauthentication';
import { FEATURE_DISABLED } from '../../../lib/features';
import { ApiError } from '../../../lib/http';
import { isReauthenticationCancelled } from '../../../lib/reauthentication';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnrollTwoFactor, type Enrollment, type UserId } from '../api/enroll-two-factor';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { isCompleteCode } from '../code';

const INCOMPLETE_CODE = 'Digite os 6 dígitos do código.';

export type TwoFactorMode =
  { kind: 'status' } | { kind: 'enrolling'; enrollment: Enrollment } | { kind: 'disabling' } | { kind: 'regenerating' };

/** The message of a failed call, and whether it belongs under the code boxes. */
function describe(error: unknown): { codeError: string | null; message: string; code: string } {
  if (!(error instanceof ApiError)) return { codeError: null, message: 'Erro inesperado. Tente novamente.', code: '' };
  const field = error.errors.find((entry) => entry.field === 'code');
  return { codeError: field?.message ?? null, message: error.message, code: error.code };
}

export function useTwoFactorFlow(userId: UserId | undefined) {
  const [mode, setMode] = useState<TwoFactorMode>({ kind: 'status' });
  const [shownCodes, setShownCodes] = useState<readonly string[] | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  /** The server's message when the tenant's plan does not include two-factor (403 `feature_disabled`). */
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const { reauthenticate, modal: reauthenticationModal } = useReauthentication();
  const enroll = useEnrollTwoFactor(reauthenticate);
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor(reauthenticate);
  const regenerate = useRegenerateRecoveryCodes();

  /** Goes to another step with an empty code. */
  function reset(next: TwoFactorMode) {
    setMode(next);
    setCode('');
    setCodeError(null);
  }

  function typeCode(value: string) {
    setCode(value);
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

  /** False (and the code box says why) unless the code has its 6 digits. */
  function complete(value: string): boolean {
    if (!isCompleteCode(value)) {
      setCodeError(INCOMPLETE_CODE);
      return false;
    }
    setCodeError(null);
    return true;
  }

  function start() {
    if (userId === undefined) return;
    enroll.mutate(userId, {
      onSuccess: (enrollment) => reset({ kind: 'enrolling', enrollment }),
      onError: (error) => failed(error, 'Não foi possível iniciar a ativação'),
    });
  }

  function submitConfirm(value: string) {
    if (userId === undefined || confirm.isPending || !complete(value)) return;
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
    if (userId === undefined || disable.isPending || !complete(value)) return;
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
    if (userId === undefined || regenerate.isPending || !complete(value)) return;
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

  return {
    mode,
    reset,
    code,
    typeCode,
    codeError,
    unavailable,
    shownCodes,
    closeShownCodes: () => setShownCodes(null),
    start,
    starting: enroll.isPending,
    submitConfirm,
    confirming: confirm.isPending,
    submitDisable,
    disabling: disable.isPending,
    submitRegenerate,
    regenerating: regenerate.isPending,
    reauthenticationModal,
  };
}
