/**
 * One scheduled message of the list: a row of the desktop table (`ScheduledMessageRow`) and the
 * phone's card (`ScheduledMessageCard`) — the customer and their phone, the number it goes by, when
 * (`qui., 10/12 às 09:00`, São Paulo), what it sends — its file or its approved template, and the
 * text (the caption, or the template's filled text; clamped) — with what became of it (sent: "Abrir
 * conversa"; failed: why; cancelled: by whom or because the customer wrote first), the author for
 * administrators and supervisors and, while it is pending and the user's (`editable`), its menu
 * (Editar, Cancelar agendamento).
 */
import { Anchor, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { IconCalendarX, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ContentMarkers } from '../../../components/ContentMarkers';
import { ListCard, ListCardDetail } from '../../../components/ResponsiveList';
import { RowActionsMenu } from '../../../components/RowActionsMenu';
import { formatPhone } from '../../../lib/phone';
import type { Scheduled } from '../../../lib/scheduled-messages';
import { formatSendAt } from '../../../lib/send-at';
import { conversationPath, customerName } from '../format';
import classes from './scheduled-messages.module.css';

/** What a row's menu asks the screen to do. */
export type ScheduledAction = { kind: 'edit' | 'cancel'; scheduled: Scheduled };

export interface ScheduledMessageRowProps {
  scheduled: Scheduled;
  /** An administrator or supervisor: sees everyone's messages, with their author. */
  manager: boolean;
  onAction: (action: ScheduledAction) => void;
}

/** What became of the message, under its text. */
function Outcome({ scheduled }: { scheduled: Scheduled }) {
  switch (scheduled.status) {
    case 'scheduled':
      return scheduled.cancelIfCustomerWrites ? (
        <Text size="xs" c="dimmed">
          Cancela se o cliente escrever antes
        </Text>
      ) : null;
    case 'sent':
      return scheduled.ticketId != null ? (
        <Anchor component={Link} to={conversationPath(scheduled.ticketId)} size="sm" fw={500}>
          Abrir conversa
        </Anchor>
      ) : (
        <Text size="xs" c="dimmed">
          Enviada
        </Text>
      );
    case 'failed':
      return (
        <Text size="sm" c="red">
          Não enviada: {scheduled.error ?? 'o envio falhou.'}
        </Text>
      );
    case 'cancelled':
      return (
        <Text size="xs" c="dimmed">
          {scheduled.cancelReason === 'customer_wrote'
            ? 'Cancelada: o cliente escreveu antes'
            : `Cancelada em ${formatSendAt(scheduled.updatedAt)}`}
        </Text>
      );
  }
}

function ScheduledActionsMenu({ scheduled, onAction }: Omit<ScheduledMessageRowProps, 'manager'>) {
  if (!scheduled.editable) return null;
  return (
    <RowActionsMenu label={`Ações do agendamento para ${customerName(scheduled)}`}>
      <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onAction({ kind: 'edit', scheduled })}>
        Editar
      </Menu.Item>
      <Menu.Item
        color="red"
        leftSection={<IconCalendarX size={16} />}
        onClick={() => onAction({ kind: 'cancel', scheduled })}
      >
        Cancelar agendamento
      </Menu.Item>
    </RowActionsMenu>
  );
}

function When({ scheduled }: { scheduled: Scheduled }) {
  return <time dateTime={scheduled.sendAt}>{formatSendAt(scheduled.sendAt)}</time>;
}

export function ScheduledMessageRow({ scheduled, manager, onAction }: ScheduledMessageRowProps) {
  return (
    <Table.Tr data-testid={`scheduled-row-${scheduled.id}`}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {customerName(scheduled)}
        </Text>
        {scheduled.customer.name ? (
          <Text size="xs" c="dimmed" className={classes.nowrap}>
            {formatPhone(scheduled.customer.phone)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{scheduled.instance.name}</Table.Td>
      <Table.Td className={classes.nowrap}>
        <When scheduled={scheduled} />
      </Table.Td>
      <Table.Td className={classes.textCell}>
        <Stack gap={4}>
          <ContentMarkers attachment={scheduled.attachment} template={scheduled.template} />
          {scheduled.body ? (
            <Text size="sm" lineClamp={2} className={classes.body}>
              {scheduled.body}
            </Text>
          ) : null}
          <Outcome scheduled={scheduled} />
        </Stack>
      </Table.Td>
      {manager ? <Table.Td>{scheduled.author?.name ?? '—'}</Table.Td> : null}
      <Table.Td ta="right">
        <ScheduledActionsMenu scheduled={scheduled} onAction={onAction} />
      </Table.Td>
    </Table.Tr>
  );
}

export function ScheduledMessageCard({ scheduled, manager, onAction }: ScheduledMessageRowProps) {
  return (
    <ListCard data-testid={`scheduled-card-${scheduled.id}`} padding="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={6} miw={0}>
          <div>
            <Text size="sm" fw={600}>
              {customerName(scheduled)}
            </Text>
            {scheduled.customer.name ? (
              <Text size="xs" c="dimmed">
                {formatPhone(scheduled.customer.phone)}
              </Text>
            ) : null}
          </div>
          <ListCardDetail label="Agendada para">
            <When scheduled={scheduled} />
          </ListCardDetail>
          <ListCardDetail label="Número">{scheduled.instance.name}</ListCardDetail>
          {manager ? <ListCardDetail label="Autor">{scheduled.author?.name ?? '—'}</ListCardDetail> : null}
          <ContentMarkers attachment={scheduled.attachment} template={scheduled.template} />
          {scheduled.body ? (
            <Text size="sm" lineClamp={3} className={classes.body}>
              {scheduled.body}
            </Text>
          ) : null}
          <Outcome scheduled={scheduled} />
        </Stack>
        <ScheduledActionsMenu scheduled={scheduled} onAction={onAction} />
      </Group>
    </ListCard>
  );
}
