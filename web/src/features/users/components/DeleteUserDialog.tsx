/** Confirms deleting a user (`DELETE /api/users/{id}`): their sessions end and the email is freed. */
import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api-errors';
import { useDeleteUser } from '../api/delete-user';
import type { User } from '../api/get-users';

export interface DeleteUserDialogProps {
  /** The user to delete; null: closed. */
  user: User | null;
  onClose: () => void;
}

export function DeleteUserDialog({ user, onClose }: DeleteUserDialogProps) {
  const remove = useDeleteUser();

  function confirm(target: User) {
    remove.mutate(target.id, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          title: 'Usuário excluído',
          message: `${target.name} não tem mais acesso.`,
        });
        onClose();
      },
      onError: (error) => {
        notifications.show({ color: 'red', title: 'Não foi possível excluir o usuário', message: errorMessage(error) });
      },
    });
  }

  return (
    <ConfirmDialog
      opened={user !== null}
      title="Excluir usuário"
      confirmLabel="Excluir"
      loading={remove.isPending}
      onConfirm={() => user && confirm(user)}
      onClose={onClose}
    >
      {`Excluir ${user?.name ?? ''} (${user?.email ?? ''})? As sessões abertas desta conta terminam agora e o email fica livre para outra pessoa.`}
    </ConfirmDialog>
  );
}
