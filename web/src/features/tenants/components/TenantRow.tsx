/**
 * One tenant of the list: a row of the desktop table (`TenantRow`) and the phone's card
 * (`TenantCard`): name and CNPJ, plan (its name once the catalogue is there, its code until then),
 * limits (users, tickets a month, media), options on, creation date, status and the actions menu.
 */
import { Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { ListCard, ListCardDetail } from '../../../components/ResponsiveList';
import { formatDate } from '../../../lib/dates';
import { planName, type TenantPlans } from '../api/get-tenant-plans';
import type { Tenant } from '../api/get-tenants';
import { formatCnpj, formatLimit, formatMediaLimit } from '../limits';
import { TenantActionsMenu } from './TenantActionsMenu';
import type { TenantDialog } from './tenant-dialog';
import classes from './TenantRow.module.css';

export interface TenantRowProps {
  tenant: Tenant;
  /** Plan names (codes until the catalogue is there). */
  plans: TenantPlans | undefined;
  onAction: (dialog: TenantDialog) => void;
}

function enabledCount(tenant: Tenant): string {
  const on = tenant.features.filter((feature) => feature.enabled).length;
  return `${on} de ${tenant.features.length}`;
}

function Status({ tenant }: { tenant: Tenant }) {
  return tenant.deleted_at ? (
    <Tooltip label={`Excluído em ${formatDate(tenant.deleted_at)}`}>
      <Badge color="red" variant="light" tt="none">
        Excluído
      </Badge>
    </Tooltip>
  ) : (
    <Badge color="teal" variant="light" tt="none">
      Ativo
    </Badge>
  );
}

function Plan({ tenant, plans }: Pick<TenantRowProps, 'tenant' | 'plans'>) {
  return (
    <Badge variant="light" tt="none">
      {planName(plans, tenant.plan)}
    </Badge>
  );
}

export function TenantRow({ tenant, plans, onAction }: TenantRowProps) {
  return (
    <Table.Tr data-testid={`tenant-row-${tenant.name}`}>
      <Table.Td c="dimmed">{tenant.id}</Table.Td>
      <Table.Td>
        <Text fw={600} size="sm">
          {tenant.name}
        </Text>
        <Text size="xs" c="dimmed">
          {formatCnpj(tenant.cnpj) ?? 'Sem CNPJ'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Plan tenant={tenant} plans={plans} />
      </Table.Td>
      <Table.Td>{formatLimit(tenant.userLimit)}</Table.Td>
      <Table.Td>{formatLimit(tenant.ticketLimit)}</Table.Td>
      <Table.Td>{formatMediaLimit(tenant.mediaLimitMb)}</Table.Td>
      <Table.Td>{enabledCount(tenant)}</Table.Td>
      <Table.Td>{formatDate(tenant.created_at)}</Table.Td>
      <Table.Td>
        <Status tenant={tenant} />
      </Table.Td>
      <Table.Td ta="right">
        <TenantActionsMenu tenant={tenant} onAction={onAction} />
      </Table.Td>
    </Table.Tr>
  );
}

export function TenantCard({ tenant, plans, onAction }: TenantRowProps) {
  return (
    <ListCard data-testid={`tenant-card-${tenant.name}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={0} miw={0}>
          <Text fw={600} className={classes.name}>
            {tenant.name}
          </Text>
          <Text size="xs" c="dimmed">
            #{tenant.id} · {formatCnpj(tenant.cnpj) ?? 'Sem CNPJ'}
          </Text>
        </Stack>
        <TenantActionsMenu tenant={tenant} onAction={onAction} />
      </Group>
      <Group gap="xs" mt="sm">
        <Status tenant={tenant} />
        <Plan tenant={tenant} plans={plans} />
      </Group>
      <Stack gap={2} mt="sm">
        <ListCardDetail label="Usuários">{formatLimit(tenant.userLimit)}</ListCardDetail>
        <ListCardDetail label="Tickets/mês">{formatLimit(tenant.ticketLimit)}</ListCardDetail>
        <ListCardDetail label="Mídia">{formatMediaLimit(tenant.mediaLimitMb)}</ListCardDetail>
        <ListCardDetail label="Opções">{enabledCount(tenant)}</ListCardDetail>
      </Stack>
    </ListCard>
  );
}
