/**
 * Putting a customer on the blacklist or taking them off it, after confirming what it does: their
 * messages are still kept, but open no ticket and notify nobody (docs/inbox.md#customers). The
 * server's refusal (403 `blacklist_forbidden`…) is said in a notification and the dialog stays.
 */
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api-errors';
import { useSetBlacklisted } from '../api/set-blacklisted';
import type { Customer } from '../api/schemas';
import { displayName } from '../format';

export interface BlacklistDialogProps {
  /** The customer whose blacklisting is asked; null when closed. */
  customer: Pick<Customer, 'id' | 'name' | 'phone' | 'blacklisted'> | null;
  onClose: () => void;
}

export function BlacklistDialog({ customer: asked, onClose }: BlacklistDialogProps) {
  const blacklist = useSetBlacklisted();
  // The texts stay those of the customer asked about while the dialog closes.
  const [last, setLast] = useState(asked);
  if (asked !== null && asked !== last) setLast(asked);
  const customer = asked ?? last;
  const name = customer ? displayName(customer) : '';
  const lifting = customer?.blacklisted ?? false;

  function confirm() {
    if (!customer) return;
    const next = !customer.blacklisted;
    blacklist.mutate(
      { id: customer.id, blacklisted: next },
      {
        onSuccess: () => {
          notifications.show({
            color: next ? 'red' : 'teal',
            title: next ? 'Cliente bloqueado' : 'Cliente desbloqueado',
            message: next
              ? `As mensagens de ${name} ficam guardadas, mas não abrem atendimento.`
              : `${name} volta a abrir atendimentos ao escrever.`,
          });
          onClose();
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Não foi possível alterar o bloqueio',
            message: errorMessage(error),
          }),
      },
    );
  }

  return (
    <ConfirmDialog
      opened={asked !== null}
      title={lifting ? 'Desbloquear cliente' : 'Bloquear cliente'}
      confirmLabel={lifting ? 'Desbloquear' : 'Bloquear'}
      color={lifting ? 'indigo.7' : 'red.8'}
      loading={blacklist.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {lifting
        ? `${name} voltará a abrir atendimentos ao escrever.`
        : `As mensagens de ${name} continuarão guardadas, mas não abrirão atendimento nem avisarão ninguém.`}
    </ConfirmDialog>
  );
}
