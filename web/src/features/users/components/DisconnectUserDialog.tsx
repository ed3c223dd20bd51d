/**
 * Confirms taking another user offline ("Desconectar", GraphQL `disconnectUser`): their status turns
 * to Offline (lib/presence.ts, docs/service-levels.md#agent-status), their session goes on, and they
 * can become available again from their own header.
 */
import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api-errors';
import { PRESENCE_STATUSES } from '../../../lib/presence';
import { useDisconnectUser } from '../api/disconnect-user';
import type { User } from '../api/get-users';

export interface DisconnectUserDialogProps {
  /** The connected user; null: closed. */
  user: User | null;
  onClose: () => void;
}

const OFFLINE = PRESENCE_STATUSES.offline.label;

export function DisconnectUserDialog({ user, onClose }: DisconnectUserDialogProps) {
  const disconnect = useDisconnectUser();

  function confirm(target: User) {
    disconnect.mutate(target.id, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          title: 'Usuário desconectado',
          message: `${target.name} agora aparece como ${OFFLINE}.`,
        });
        onClose();
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: 'Não foi possível desconectar o usuário',
          message: errorMessage(error),
        });
      },
    });
  }

  return (
    <ConfirmDialog
      opened={user !== null}
      title="Desconectar usuário"
      confirmLabel="Desconectar"
      loading={disconnect.isPending}
      onConfirm={() => user && confirm(user)}
      onClose={onClose}
    >
      {`Marcar ${user?.name ?? ''} como ${OFFLINE}? A pessoa continua logada, deixa de aparecer online para a equipe e pode ficar disponível de novo pelo próprio status.`}
    </ConfirmDialog>
  );
}
