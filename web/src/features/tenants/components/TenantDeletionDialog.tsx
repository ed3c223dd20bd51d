/**
 * Confirms deleting a tenant (its address stops answering, its data is kept) or restoring a
 * deleted one (`POST /api/tenant/delete`, `/restore`).
 */
import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api-errors';
import { useDeleteTenant } from '../api/delete-tenant';
import type { Tenant } from '../api/get-tenants';
import { useRestoreTenant } from '../api/restore-tenant';

export interface TenantDeletionDialogProps {
  /** What to confirm, and for which tenant; null: closed. */
  target: { action: 'delete' | 'restore'; tenant: Tenant } | null;
  onClose: () => void;
}

export function TenantDeletionDialog({ target, onClose }: TenantDeletionDialogProps) {
  const remove = useDeleteTenant();
  const restore = useRestoreTenant();
  const restoring = target?.action === 'restore';

  function confirm(action: 'delete' | 'restore', tenant: Tenant) {
    const mutation = action === 'delete' ? remove : restore;
    mutation.mutate(tenant.id, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          title: action === 'delete' ? 'Tenant excluído' : 'Tenant restaurado',
          message:
            action === 'delete'
              ? `${tenant.name} não responde mais; os dados continuam guardados.`
              : `${tenant.name} voltou a funcionar.`,
        });
        onClose();
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: action === 'delete' ? 'Não foi possível excluir o tenant' : 'Não foi possível restaurar o tenant',
          message: errorMessage(error),
        });
      },
    });
  }

  return (
    <ConfirmDialog
      opened={target !== null}
      title={restoring ? 'Restaurar tenant' : 'Excluir tenant'}
      confirmLabel={restoring ? 'Restaurar' : 'Excluir'}
      color={restoring ? 'teal' : 'red'}
      loading={remove.isPending || restore.isPending}
      onConfirm={() => target && confirm(target.action, target.tenant)}
      onClose={onClose}
    >
      {restoring
        ? `Restaurar ${target.tenant.name}? O endereço dele volta a responder com os dados que tinha.`
        : `Excluir ${target?.tenant.name ?? ''}? O endereço dele deixa de responder e ninguém entra; os dados ficam guardados e o tenant pode ser restaurado.`}
    </ConfirmDialog>
  );
}
