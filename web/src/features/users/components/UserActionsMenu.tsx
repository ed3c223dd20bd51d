/**
 * A user's "Ações" menu, in the table row and the phone card: edit, change the name or the email,
 * unblock (a blocked account), and for someone else's account disconnecting (when they are online:
 * marks them away, lib/presence.ts), a temporary password, resetting two-factor (when it is on) and
 * delete.
 */
import { Menu } from '@mantine/core';
import {
  IconAt,
  IconKey,
  IconLockOpen,
  IconPencil,
  IconPlugConnectedX,
  IconShieldOff,
  IconSignature,
  IconTrash,
} from '@tabler/icons-react';
import { RowActionsMenu } from '../../../components/RowActionsMenu';
import type { User } from '../api/get-users';
import type { UserDialog } from './user-dialog';

export interface UserActionsMenuProps {
  user: User;
  /** The user is the one logged in: no disconnecting (the header's status does it), temporary
   *  password, two-factor reset nor delete. */
  self: boolean;
  onAction: (dialog: UserDialog) => void;
}

export function UserActionsMenu({ user, self, onAction }: UserActionsMenuProps) {
  return (
    <RowActionsMenu label={`Ações de ${user.name}`}>
      <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onAction({ kind: 'edit', user })}>
        Editar
      </Menu.Item>
      <Menu.Item
        leftSection={<IconSignature size={16} />}
        onClick={() => onAction({ kind: 'field', field: 'name', user })}
      >
        Alterar nome
      </Menu.Item>
      <Menu.Item leftSection={<IconAt size={16} />} onClick={() => onAction({ kind: 'field', field: 'email', user })}>
        Alterar email
      </Menu.Item>
      {user.blocked ? (
        <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => onAction({ kind: 'unblock', user })}>
          Desbloquear
        </Menu.Item>
      ) : null}
      {!self && user.isConnected ? (
        <Menu.Item
          leftSection={<IconPlugConnectedX size={16} />}
          onClick={() => onAction({ kind: 'disconnect', user })}
        >
          Desconectar
        </Menu.Item>
      ) : null}
      {self ? null : (
        <Menu.Item leftSection={<IconKey size={16} />} onClick={() => onAction({ kind: 'temporary-password', user })}>
          Definir senha temporária
        </Menu.Item>
      )}
      {!self && user.twoFactorEnabled ? (
        <Menu.Item
          leftSection={<IconShieldOff size={16} />}
          onClick={() => onAction({ kind: 'reset-two-factor', user })}
        >
          Redefinir dois fatores
        </Menu.Item>
      ) : null}
      {self ? null : (
        <>
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => onAction({ kind: 'delete', user })}
          >
            Excluir
          </Menu.Item>
        </>
      )}
    </RowActionsMenu>
  );
}
