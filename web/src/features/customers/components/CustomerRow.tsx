/**
 * One customer of the list: a row of the desktop table (`CustomerRow`) and the phone's card
 * (`CustomerCard`). The name is a link to the customer's detail (`?cliente=7`); the "Ações de …"
 * menu opens it too, and puts the customer on the blacklist or takes them off it. Their tags show
 * as badges (components/TagBadge), a few and "+n" so a much-tagged customer keeps the row short;
 * they are changed in the detail.
 */
import { Anchor, Badge, Box, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { IconBan, IconId, IconLockOpen } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ListCard, ListCardDetail } from '../../../components/ResponsiveList';
import { RowActionsMenu } from '../../../components/RowActionsMenu';
import { TagBadges } from '../../../components/TagBadge';
import { formatDate } from '../../../lib/dates';
import type { Customer } from '../api/schemas';
import { displayName } from '../format';
import { CustomerAddress } from './CustomerAddress';
import classes from './customers.module.css';

export interface CustomerRowProps {
  customer: Customer;
  /** The link to the customer's detail (the list's search kept). */
  detailHref: (id: number) => string;
  onOpen: (customer: Customer) => void;
  onBlacklist: (customer: Customer) => void;
}

function NameLink({ customer, detailHref }: Pick<CustomerRowProps, 'customer' | 'detailHref'>) {
  return (
    <Anchor component={Link} to={detailHref(customer.id)} fw={600} size="sm" className={classes.breakAnywhere}>
      {displayName(customer)}
    </Anchor>
  );
}

export function BlacklistBadge({ blacklisted }: { blacklisted: boolean }) {
  return blacklisted ? (
    <Badge color="red.8" variant="filled" leftSection={<IconBan size={12} />}>
      Bloqueado
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      Liberado
    </Badge>
  );
}

/** The most badges a row shows; the rest are "+n" (named in its tooltip and to screen readers). */
const ROW_TAGS = 3;

function CustomerTagBadges({ customer }: { customer: Customer }) {
  return <TagBadges tags={customer.tags} max={ROW_TAGS} maw={140} label={`Etiquetas de ${displayName(customer)}`} />;
}

function CustomerActionsMenu({ customer, onOpen, onBlacklist }: Omit<CustomerRowProps, 'detailHref'>) {
  return (
    <RowActionsMenu label={`Ações de ${displayName(customer)}`}>
      <Menu.Item leftSection={<IconId size={16} />} onClick={() => onOpen(customer)}>
        Ver detalhes
      </Menu.Item>
      <Menu.Item
        leftSection={customer.blacklisted ? <IconLockOpen size={16} /> : <IconBan size={16} />}
        color={customer.blacklisted ? undefined : 'red'}
        onClick={() => onBlacklist(customer)}
      >
        {customer.blacklisted ? 'Desbloquear' : 'Bloquear'}
      </Menu.Item>
    </RowActionsMenu>
  );
}

export function CustomerRow({ customer, detailHref, onOpen, onBlacklist }: CustomerRowProps) {
  return (
    <Table.Tr data-testid={`customer-row-${customer.id}`}>
      <Table.Td maw={260}>
        <NameLink customer={customer} detailHref={detailHref} />
      </Table.Td>
      <Table.Td maw={220}>
        <CustomerAddress address={customer.phone} />
      </Table.Td>
      <Table.Td maw={240}>
        <Text size="sm" className={classes.breakAnywhere}>
          {customer.email || '—'}
        </Text>
      </Table.Td>
      <Table.Td maw={280}>{customer.tags.length > 0 ? <CustomerTagBadges customer={customer} /> : '—'}</Table.Td>
      <Table.Td>{formatDate(customer.createdAt)}</Table.Td>
      <Table.Td>
        <BlacklistBadge blacklisted={customer.blacklisted} />
      </Table.Td>
      <Table.Td ta="right">
        <CustomerActionsMenu customer={customer} onOpen={onOpen} onBlacklist={onBlacklist} />
      </Table.Td>
    </Table.Tr>
  );
}

export function CustomerCard({ customer, detailHref, onOpen, onBlacklist }: CustomerRowProps) {
  return (
    <ListCard data-testid={`customer-card-${customer.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} miw={0}>
          <NameLink customer={customer} detailHref={detailHref} />
          <Text size="sm" component="div">
            <CustomerAddress address={customer.phone} />
          </Text>
          {customer.email ? (
            <Text size="sm" c="dimmed" className={classes.breakAnywhere}>
              {customer.email}
            </Text>
          ) : null}
        </Stack>
        <CustomerActionsMenu customer={customer} onOpen={onOpen} onBlacklist={onBlacklist} />
      </Group>
      <Stack gap={4} mt="sm">
        <ListCardDetail label="Cliente desde">{formatDate(customer.createdAt)}</ListCardDetail>
      </Stack>
      {customer.tags.length > 0 ? (
        <Box mt="sm">
          <CustomerTagBadges customer={customer} />
        </Box>
      ) : null}
      <Group mt="sm">
        <BlacklistBadge blacklisted={customer.blacklisted} />
      </Group>
    </ListCard>
  );
}
