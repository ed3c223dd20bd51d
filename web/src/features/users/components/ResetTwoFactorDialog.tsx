/**
 * Confirms resetting someone else's two-factor (docs/account.md). It needs proof of presence:
 * without a recent password login, the administrator confirms their own password first
 * (components/use-reauthentication.tsx), in a modal that takes this one's place while it asks.
 */
import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useReauthentication } from '../../../components/use-reauthentication';
import { errorMessage } from '../../../lib/api-errors';
import { isReauthenticationCancelled } from '../../../lib/reauthentication';
import type { User } from '../api/get-users';
import { useResetTwoFactor } from '../api/reset-two-factor';

export interface ResetTwoFactorDialogProps {
  /** The user whose two-factor is reset; null: closed. */
  user: User | null;
  onClose: () => void;
}

export function ResetTwoFactorDialog({ user, onClose }: ResetTwoFactorDialogProps) {
  const {
    reauthenticate,
    opened: reauthenticating,
    modal: reauthenticationModal,
  } = useReauthentication({
    description:
      'Por segurança, confirme a sua própria senha para redefinir a autenticação em dois fatores de outra pessoa.',
  });
  const resetTwoFactor = useResetTwoFactor(reauthenticate);

  function confirm(target: User) {
    resetTwoFactor.mutate(target.id, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          title: 'Dois fatores redefinidos',
          message: `${target.name} entra só com a senha até ativar os dois fatores de novo.`,
        });
        onClose();
      },
      onError: (error) => {
        // The password modal was closed: the reset did not happen.
        if (isReauthenticationCancelled(error)) {
          onClose();
          return;
        }
        notifications.show({
          color: 'red',
          title: 'Não foi possível redefinir os dois fatores',
          message: errorMessage(error),
        });
      },
    });
  }

  return (
    <>
      <ConfirmDialog
        // The password modal takes its place while it asks (one dialog at a time).
        opened={user !== null && !reauthenticating}
        title="Redefinir dois fatores"
        confirmLabel="Redefinir"
        loading={resetTwoFactor.isPending}
        onConfirm={() => user && confirm(user)}
        onClose={onClose}
      >
        {`Desativar a autenticação em dois fatores de ${user?.name ?? ''} (${user?.email ?? ''})? Os códigos de recuperação deixam de valer. No próximo login, basta a senha; se o perfil exigir dois fatores, será preciso ativá-los de novo.`}
      </ConfirmDialog>
      {reauthenticationModal}
    </>
  );
}
