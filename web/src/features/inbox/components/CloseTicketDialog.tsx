/** Closing a ticket: a closing reason is required (the server refuses without one). */
import { Button, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { LoadError } from '../../../components/LoadError';
import { errorMessage } from '../../../lib/api-errors';
import { useCloseTicket } from '../api/close-ticket';
import { useClosingReasons } from '../api/get-closing-reasons';
import type { Ticket } from '../api/schemas';
import { customerName } from '../format';
import classes from './Inbox.module.css';

export interface CloseTicketDialogProps {
  opened: boolean;
  ticket: Ticket;
  viewerId: number;
  onClose: () => void;
}

export function CloseTicketDialog({ opened, ticket, viewerId, onClose }: CloseTicketDialogProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={`Encerrar atendimento: ${customerName(ticket)}`}
      size="md"
      classNames={{ content: classes.portal }}
    >
      {opened ? <CloseForm ticket={ticket} viewerId={viewerId} onDone={onClose} /> : null}
    </FormModal>
  );
}

function CloseForm({ ticket, viewerId, onDone }: { ticket: Ticket; viewerId: number; onDone: () => void }) {
  const reasons = useClosingReasons();
  const close = useCloseTicket(viewerId);
  const [reason, setReason] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (reasons.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Carregando motivos">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={28} />
        ))}
      </Stack>
    );
  }
  if (reasons.isError) {
    return (
      <LoadError
        title="Não foi possível carregar os motivos de encerramento."
        error={reasons.error}
        onRetry={() => void reasons.refetch()}
        retrying={reasons.isFetching}
      />
    );
  }

  function submit() {
    if (reason === null) {
      setError('Escolha o motivo do encerramento.');
      return;
    }
    setError(null);
    close.mutate(
      { id: ticket.id, closingReasonId: Number(reason) },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: 'Atendimento encerrado',
            message: `O atendimento de ${customerName(ticket)} foi encerrado.`,
          });
          onDone();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  }

  return (
    <Stack gap="md">
      <FormAlert messages={error ? [error] : []} />
      {reasons.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum motivo de encerramento cadastrado. Peça a um administrador para cadastrar.
        </Text>
      ) : (
        <Radio.Group value={reason} onChange={setReason} label="Motivo do encerramento" withAsterisk>
          <Stack gap={8} mt="xs">
            {reasons.data.map((item) => (
              <Radio key={item.id} value={String(item.id)} label={item.name} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={close.isPending}>
          Cancelar
        </Button>
        <Button color="red.8" onClick={submit} loading={close.isPending} disabled={reasons.data.length === 0}>
          Encerrar atendimento
        </Button>
      </Group>
    </Stack>
  );
}
