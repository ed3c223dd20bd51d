/**
 * One closing reason of the list: a row of the desktop table (`ClosingReasonRow`) and the phone's
 * card (`ClosingReasonCard`), with its status and its "Ações do motivo …" menu (rename, activate or
 * deactivate).
 */
import { Badge, Group, Menu, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleOff, IconPencil } from '@tabler/icons-react';
import { ListCard } from '../../../components/ResponsiveList';
import { RowActionsMenu } from '../../../components/RowActionsMenu';
import type { ClosingReason } from '../api/get-closing-reasons';

/** What a row's menu asks the screen to do. */
export type ReasonAction = { kind: 'rename' | 'deactivate' | 'activate'; reason: ClosingReason };

export interface ClosingReasonRowProps {
  reason: ClosingReason;
  onAction: (action: ReasonAction) => void;
  /** The reason being activated (its menu item shows it). */
  busy: boolean;
}

function StatusBadge({ reason }: { reason: ClosingReason }) {
  return reason.activated ? (
    <Badge color="teal" variant="light">
      Ativo
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      Inativo
    </Badge>
  );
}

function ReasonActionsMenu({ reason, onAction, busy }: ClosingReasonRowProps) {
  return (
    <RowActionsMenu label={`Ações do motivo ${reason.name}`}>
      <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onAction({ kind: 'rename', reason })}>
        Renomear
      </Menu.Item>
      {reason.activated ? (
        <Menu.Item leftSection={<IconCircleOff size={16} />} onClick={() => onAction({ kind: 'deactivate', reason })}>
          Desativar
        </Menu.Item>
      ) : (
        <Menu.Item
          leftSection={<IconCircleCheck size={16} />}
          disabled={busy}
          onClick={() => onAction({ kind: 'activate', reason })}
        >
          Ativar
        </Menu.Item>
      )}
    </RowActionsMenu>
  );
}

export function ClosingReasonRow(props: ClosingReasonRowProps) {
  const { reason } = props;
  return (
    <Table.Tr data-testid={`reason-row-${reason.id}`}>
      <Table.Td>
        <Text size="sm" fw={600} c={reason.activated ? undefined : 'dimmed'}>
          {reason.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <StatusBadge reason={reason} />
      </Table.Td>
      <Table.Td ta="right">
        <ReasonActionsMenu {...props} />
      </Table.Td>
    </Table.Tr>
  );
}

export function ClosingReasonCard(props: ClosingReasonRowProps) {
  const { reason } = props;
  return (
    <ListCard data-testid={`reason-card-${reason.id}`} padding="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" miw={0} wrap="wrap">
          <Text size="sm" fw={600} c={reason.activated ? undefined : 'dimmed'}>
            {reason.name}
          </Text>
          <StatusBadge reason={reason} />
        </Group>
        <ReasonActionsMenu {...props} />
      </Group>
    </ListCard>
  );
}
