/**
 * Transferring a ticket: to a person (online first, as the server lists them) or to a department,
 * with an optional note for whoever receives it. The ticket is `transferring` until the target
 * accepts or rejects.
 */
import {
  Badge,
  Button,
  Group,
  Radio,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { LoadError } from '../../../components/LoadError';
import { errorMessage } from '../../../lib/api-errors';
import { useTransferTargets } from '../api/get-transfer-targets';
import { MAX_TRANSFER_NOTE, useRequestTransfer } from '../api/request-transfer';
import type { Ticket } from '../api/schemas';
import { customerName } from '../format';
import classes from './Inbox.module.css';

export interface TransferDialogProps {
  opened: boolean;
  ticket: Ticket;
  onClose: () => void;
}

export function TransferDialog({ opened, ticket, onClose }: TransferDialogProps) {
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={`Transferir atendimento: ${customerName(ticket)}`}
      size="md"
      classNames={{ content: classes.portal }}
    >
      {opened ? <TransferForm ticket={ticket} onDone={onClose} /> : null}
    </FormModal>
  );
}

/** Show a filter above the people when there are more than this. */
const FILTER_FROM = 8;

function TransferForm({ ticket, onDone }: { ticket: Ticket; onDone: () => void }) {
  const targets = useTransferTargets(ticket.id);
  const request = useRequestTransfer();
  const [target, setTarget] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (targets.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Carregando destinos">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={36} />
        ))}
      </Stack>
    );
  }
  if (targets.isError) {
    return (
      <LoadError
        title="Não foi possível carregar para quem transferir."
        error={targets.error}
        onRetry={() => void targets.refetch()}
        retrying={targets.isFetching}
      />
    );
  }
  const term = filter.trim().toLocaleLowerCase('pt-BR');
  const users = targets.data.users.filter((user) => user.name.toLocaleLowerCase('pt-BR').includes(term));
  const { departments } = targets.data;
  const nothing = targets.data.users.length === 0 && departments.length === 0;

  function submit() {
    if (!target) {
      setError('Escolha uma pessoa ou um departamento.');
      return;
    }
    setError(null);
    const [kind, id] = target.split(':');
    const trimmed = note.trim();
    request.mutate(
      {
        ticketId: ticket.id,
        ...(kind === 'user' ? { toUserId: Number(id) } : { toDepartmentId: Number(id) }),
        ...(trimmed ? { note: trimmed } : {}),
      },
      {
        onSuccess: (transfer) => {
          notifications.show({
            color: 'teal',
            title: 'Transferência pedida',
            message: `Aguardando ${transfer.toUser?.name ?? transfer.toDepartment?.name ?? 'o destino'} aceitar.`,
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
      {nothing ? (
        <Text size="sm" c="dimmed">
          Ninguém mais atende esta instância e não há departamentos ativos.
        </Text>
      ) : (
        <Radio.Group value={target} onChange={setTarget} aria-label="Para quem transferir">
          <Stack gap="sm">
            {targets.data.users.length > 0 ? (
              <Stack gap={6}>
                <Title order={3} size="h6">
                  Pessoas
                </Title>
                {targets.data.users.length > FILTER_FROM ? (
                  <TextInput
                    size="xs"
                    aria-label="Filtrar pessoas"
                    placeholder="Filtrar pessoas"
                    leftSection={<IconSearch size={14} />}
                    value={filter}
                    onChange={(event) => setFilter(event.currentTarget.value)}
                  />
                ) : null}
                <ScrollArea.Autosize mah={240} type="auto">
                  <Stack gap={8} py={2}>
                    {users.map((user) => (
                      <Radio
                        key={user.id}
                        value={`user:${user.id}`}
                        label={
                          <Group gap={8} wrap="nowrap">
                            <span>{user.name}</span>
                            <Badge size="xs" variant="dot" color={user.online ? 'teal.8' : 'gray.6'}>
                              {user.online ? 'Online' : 'Offline'}
                            </Badge>
                          </Group>
                        }
                      />
                    ))}
                    {users.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        Ninguém com esse nome.
                      </Text>
                    ) : null}
                  </Stack>
                </ScrollArea.Autosize>
              </Stack>
            ) : null}
            {departments.length > 0 ? (
              <Stack gap={6}>
                <Title order={3} size="h6">
                  Departamentos
                </Title>
                {departments.map((department) => (
                  <Radio key={department.id} value={`department:${department.id}`} label={department.name} />
                ))}
              </Stack>
            ) : null}
          </Stack>
        </Radio.Group>
      )}
      <Textarea
        label="Observação para quem recebe"
        description={`Opcional, até ${MAX_TRANSFER_NOTE} caracteres.`}
        autosize
        minRows={2}
        maxRows={5}
        maxLength={MAX_TRANSFER_NOTE}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={request.isPending}>
          Cancelar
        </Button>
        <Button color="indigo.7" onClick={submit} loading={request.isPending} disabled={nothing}>
          Transferir
        </Button>
      </Group>
    </Stack>
  );
}
