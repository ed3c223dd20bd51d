/**
 * /scheduled-messages content (route `scheduled-messages`, open to every user): the messages the
 * user scheduled — everyone's for administrators and supervisors (`manager`), with their author —
 * by status ("Agendadas" soonest first; "Enviadas", "Canceladas", "Com falha" most recent first),
 * page after page. A pending one of the user's (`editable`) is changed (components/
 * ScheduleMessageModal) or cancelled (after confirming) from its row. "Novo agendamento" schedules
 * one without opening a conversation: the same dialog, with the customer searched and the number
 * chosen in it (a conversation's customer panel schedules too). The lists follow the socket's
 * `ScheduledMessageChanged` (app/realtime-events.ts).
 */
import { Button, SegmentedControl, Stack, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ListToolbar } from '../../../components/ListToolbar';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ScheduleMessageModal, type ScheduleTarget } from '../../../components/ScheduleMessageModal';
import { errorMessage } from '../../../lib/api-errors';
import type { Scheduled, ScheduledStatus } from '../../../lib/scheduled-messages';
import { formatSendAt } from '../../../lib/send-at';
import { useCancelScheduledMessage } from '../api/cancel-scheduled-message';
import { useScheduledMessages } from '../api/get-scheduled-messages';
import { customerName } from '../format';
import { STATUS_FILTERS } from '../statuses';
import { ScheduledMessagesList } from './ScheduledMessagesList';
import type { ScheduledAction } from './ScheduledMessageRow';

type Dialog = { kind: 'none' } | { kind: 'new' } | ScheduledAction;

export interface ScheduledMessagesScreenProps {
  /** An administrator or supervisor (the user info's `sees_all_tickets`): sees everyone's, with the author. */
  manager: boolean;
}

export function ScheduledMessagesScreen({ manager }: ScheduledMessagesScreenProps) {
  const theme = useMantineTheme();
  // A phone: the four statuses share the line's width, in a smaller size (390 px holds them).
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.0625em))`, false);
  const [status, setStatus] = useState<ScheduledStatus>('scheduled');
  const messages = useScheduledMessages(status);
  const cancel = useCancelScheduledMessage();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const cancelling = dialog.kind === 'cancel' ? dialog.scheduled : null;
  const scheduling: ScheduleTarget | null =
    dialog.kind === 'edit'
      ? { kind: 'edit', scheduled: dialog.scheduled }
      : dialog.kind === 'new'
        ? { kind: 'choose' }
        : null;

  function confirmCancel(scheduled: Scheduled) {
    cancel.mutate(scheduled.id, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          title: 'Agendamento cancelado',
          message: `A mensagem para ${customerName(scheduled)} não será enviada.`,
        });
        close();
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: 'Não foi possível cancelar o agendamento',
          message: errorMessage(error),
        });
        close();
      },
    });
  }

  return (
    <Stack gap="md">
      <ListToolbar
        filtersBasis="300px"
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'new' })}>
            Novo agendamento
          </Button>
        }
      >
        <SegmentedControl
          aria-label="Mostrar agendamentos"
          data={STATUS_FILTERS}
          value={status}
          onChange={setStatus}
          size={phone ? 'xs' : 'sm'}
          fullWidth={phone}
          w={phone ? '100%' : 'fit-content'}
        />
      </ListToolbar>
      <ScheduledMessagesList status={status} messages={messages} manager={manager} onAction={setDialog} />

      <ScheduleMessageModal opened={scheduling !== null} target={scheduling} onClose={close} />
      <ConfirmDialog
        opened={cancelling !== null}
        title="Cancelar agendamento"
        confirmLabel="Cancelar agendamento"
        cancelLabel="Voltar"
        color="red.8"
        loading={cancel.isPending}
        onClose={close}
        onConfirm={() => {
          if (cancelling) confirmCancel(cancelling);
        }}
      >
        {cancelling
          ? `A mensagem para ${customerName(cancelling)} marcada para ${formatSendAt(cancelling.sendAt)} não será enviada. Não dá para desfazer.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
