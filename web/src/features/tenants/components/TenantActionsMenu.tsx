/**
 * A tenant's "Ações" menu, in the table row and the phone card: plan and limits, options,
 * instances, unblocking an account, syncing analytics, generating the campaign status webhooks,
 * downloading its sheets and delete; a deleted tenant offers only "Restaurar".
 */
import { Menu } from '@mantine/core';
import {
  IconArrowBackUp,
  IconChartDots,
  IconFileSpreadsheet,
  IconLockOpen,
  IconMessageChatbot,
  IconReceipt,
  IconToggleRight,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import { RowActionsMenu } from '../../../components/RowActionsMenu';
import type { Tenant } from '../api/get-tenants';
import type { TenantDialog } from './tenant-dialog';

export interface TenantActionsMenuProps {
  tenant: Tenant;
  onAction: (dialog: TenantDialog) => void;
}

export function TenantActionsMenu({ tenant, onAction }: TenantActionsMenuProps) {
  return (
    <RowActionsMenu label={`Ações do tenant ${tenant.name}`}>
      {tenant.deleted_at ? (
        <Menu.Item leftSection={<IconArrowBackUp size={16} />} onClick={() => onAction({ kind: 'restore', tenant })}>
          Restaurar
        </Menu.Item>
      ) : (
        <>
          <Menu.Item leftSection={<IconReceipt size={16} />} onClick={() => onAction({ kind: 'plan', tenant })}>
            Plano e limites
          </Menu.Item>
          <Menu.Item leftSection={<IconToggleRight size={16} />} onClick={() => onAction({ kind: 'features', tenant })}>
            Opções
          </Menu.Item>
          <Menu.Item
            leftSection={<IconMessageChatbot size={16} />}
            onClick={() => onAction({ kind: 'instances', tenant })}
          >
            Instâncias
          </Menu.Item>
          <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => onAction({ kind: 'unblock', tenant })}>
            Desbloquear conta
          </Menu.Item>
          <Menu.Item
            leftSection={<IconChartDots size={16} />}
            onClick={() => onAction({ kind: 'sync-analytics', tenant })}
          >
            Sincronizar analytics
          </Menu.Item>
          <Menu.Item
            leftSection={<IconWebhook size={16} />}
            onClick={() => onAction({ kind: 'campaign-webhooks', tenant })}
          >
            Gerar webhooks de status de campanha
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFileSpreadsheet size={16} />}
            onClick={() => onAction({ kind: 'sheets', tenant })}
          >
            Baixar planilhas
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => onAction({ kind: 'delete', tenant })}
          >
            Excluir
          </Menu.Item>
        </>
      )}
    </RowActionsMenu>
  );
}
