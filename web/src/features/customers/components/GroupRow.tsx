/**
 * One group of customers: a row of the desktop table (`GroupRow`) and the phone's card
 * (`GroupCard`), with its size and its "Ações do grupo …" menu (rename, manage its customers).
 */
import { Button, Group, Menu, Table, Text } from '@mantine/core';
import { IconPencil, IconUsersGroup } from '@tabler/icons-react';
import { ListCard } from '../../../components/ResponsiveList';
import { RowActionsMenu } from '../../../components/RowActionsMenu';
import type { CustomerGroup } from '../api/schemas';
import { customersCount } from '../format';
import classes from './customers.module.css';

/** What a group's row asks the panel to do. */
export type GroupAction = { kind: 'rename' | 'members'; group: CustomerGroup };

export interface GroupRowProps {
  group: CustomerGroup;
  onAction: (action: GroupAction) => void;
}

function GroupActionsMenu({ group, onAction }: GroupRowProps) {
  return (
    <RowActionsMenu label={`Ações do grupo ${group.name}`}>
      <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onAction({ kind: 'rename', group })}>
        Renomear
      </Menu.Item>
      <Menu.Item leftSection={<IconUsersGroup size={16} />} onClick={() => onAction({ kind: 'members', group })}>
        Incluir ou tirar clientes
      </Menu.Item>
    </RowActionsMenu>
  );
}

function MembersButton({ group, onAction }: GroupRowProps) {
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconUsersGroup size={16} />}
      aria-label={`${customersCount(group.members)} em ${group.name}: incluir ou tirar clientes`}
      onClick={() => onAction({ kind: 'members', group })}
    >
      {customersCount(group.members)}
    </Button>
  );
}

export function GroupRow(props: GroupRowProps) {
  const { group } = props;
  return (
    <Table.Tr data-testid={`group-row-${group.id}`}>
      <Table.Td>
        <Text size="sm" fw={600} className={classes.breakAnywhere}>
          {group.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <MembersButton {...props} />
      </Table.Td>
      <Table.Td ta="right">
        <GroupActionsMenu {...props} />
      </Table.Td>
    </Table.Tr>
  );
}

export function GroupCard(props: GroupRowProps) {
  const { group } = props;
  return (
    <ListCard data-testid={`group-card-${group.id}`} padding="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={600} className={classes.breakAnywhere}>
          {group.name}
        </Text>
        <GroupActionsMenu {...props} />
      </Group>
      <Group mt={4}>
        <MembersButton {...props} />
      </Group>
    </ListCard>
  );
}
