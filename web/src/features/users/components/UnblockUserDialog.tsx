/** Confirms unblocking a user locked out by wrong passwords (`PATCH /api/users/{id}`). */
import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api-errors';
import type { User } from '../api/get-users';
import { useUnblockUser } from '../api/unblock-user';

export interface UnblockUserDialogProps {
  /** The blocked user; null: closed. */
  user: User | null;
  onClose: () => void;
}

export function UnblockUserDialog({ user, onClose }: UnblockUserDialogProps) {
  const unblock = useUnblockUser();

  function confirm(target: User) {
    unblock.mutate(target.id, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          title: 'Usuário desbloqueado',
          message: `${target.name} já pode entrar de novo.`,
        });
        onClose();
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: 'Não foi possível desbloquear o usuário',
          message: errorMessage(error),
        });
      },
    });
  }

  return (
    <ConfirmDialog
      opened={user !== null}
      title="Desbloquear usuário"
      confirmLabel="Desbloquear"
      color="teal"
      loading={unblock.isPending}
      onConfirm={() => user && confirm(user)}
      onClose={onClose}
    >
      {`O acesso de ${user?.name ?? ''} foi bloqueado depois de várias senhas erradas. Desbloquear permite entrar de novo.`}
    </ConfirmDialog>
  );
}
