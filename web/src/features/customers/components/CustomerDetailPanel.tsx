/**
 * A customer's detail (the screen's drawer, `?cliente=7`): their data (a hidden number reads
 * "Número oculto", with its id), "Editar" (name and e-mail: EditCustomerDialog), the blacklist
 * (with its button), their identities
 * (CustomerIdentities) — where managers, those with the `customers` route the server asks to
 * change groups and to merge, find "Unir com outro cliente…" (MergeCustomerDialog) — their tags
 * (components/CustomerTagsEditor: put on and taken off here, the answer written by ../cache.ts),
 * their groups (CustomerGroupsEditor), their history (CustomerHistory) and the customers merged
 * into them (CustomerMerges), and — for those with the `customers` route — "Privacidade (LGPD)"
 * (CustomerPrivacy: the subject report, the legal hold, erasure, consents; an erased customer
 * offers neither "Editar" nor merging). Loading, and a load error with a retry (404: the customer
 * does not exist).
 */
import { Button, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowMerge, IconBan, IconLockOpen, IconPencil } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { CustomerTagsEditor } from '../../../components/CustomerTagsEditor';
import { LoadError } from '../../../components/LoadError';
import { hasPermissionRoute } from '../../../lib/access';
import { formatDateTime } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useCustomer } from '../api/get-customer';
import { usePrivacy } from '../api/get-privacy';
import type { Customer } from '../api/schemas';
import { setCustomerTags } from '../cache';
import { displayName, isErasedAddress } from '../format';
import { BlacklistDialog } from './BlacklistDialog';
import { CustomerAddress } from './CustomerAddress';
import { CustomerGroupsEditor } from './CustomerGroupsEditor';
import { CustomerHistory } from './CustomerHistory';
import { CustomerIdentities } from './CustomerIdentities';
import { CustomerMerges } from './CustomerMerges';
import { CustomerPrivacy } from './CustomerPrivacy';
import { BlacklistBadge } from './CustomerRow';
import { EditCustomerDialog } from './EditCustomerDialog';
import { MergeCustomerDialog } from './MergeCustomerDialog';
import classes from './customers.module.css';

export interface CustomerDetailPanelProps {
  customerId: number;
  ticketHref: (ticketId: number) => string;
  groupsHref: string;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} className={classes.breakAnywhere}>
        {children}
      </Text>
    </Stack>
  );
}

export function CustomerDetailPanel({ customerId, ticketHref, groupsHref }: CustomerDetailPanelProps) {
  const customer = useCustomer(customerId);
  const [blacklisting, setBlacklisting] = useState<Customer | null>(null);
  const [merging, setMerging] = useState<Customer | null>(null);
  const [editing, setEditing] = useState<Customer | null>(null);
  // Who may change the groups (the `customers` route) may merge customers too, and see and use
  // their privacy (report, legal hold, erasure); the server checks.
  const mayMerge = hasPermissionRoute('customers', useSession().permissionRoutes);
  // Shared with CustomerPrivacy (one request): an erased customer is neither edited nor merged into.
  const privacy = usePrivacy(customerId, mayMerge);

  if (customer.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Carregando cliente">
        <Skeleton height={20} width="60%" />
        <Skeleton height={14} width="40%" />
        <Skeleton height={14} width="50%" />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (customer.isError) {
    return (
      <LoadError
        title="Não foi possível carregar o cliente."
        error={customer.error}
        onRetry={() => void customer.refetch()}
        retrying={customer.isFetching}
      />
    );
  }
  const data = customer.data;
  const erased = Boolean(privacy.data?.erasedAt);

  return (
    <Stack gap="lg" data-testid="customer-detail">
      <Stack gap="sm">
        <Group gap="sm" justify="space-between" wrap="wrap">
          <BlacklistBadge blacklisted={data.blacklisted} />
          <Group gap="sm" wrap="wrap">
            {erased ? null : (
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(data)}>
                Editar
              </Button>
            )}
            <Button
              variant="default"
              leftSection={
                data.blacklisted ? (
                  <IconLockOpen size={16} />
                ) : (
                  <IconBan size={16} color="var(--mantine-color-red-filled)" />
                )
              }
              onClick={() => setBlacklisting(data)}
            >
              {data.blacklisted ? 'Desbloquear cliente' : 'Bloquear cliente'}
            </Button>
          </Group>
        </Group>
        {data.blacklisted ? (
          <Text size="sm" c="dimmed">
            As mensagens de {displayName(data)} são guardadas, mas não abrem atendimento nem avisam ninguém.
          </Text>
        ) : null}
        <Stack gap="xs" component="dl" m={0}>
          <Field label="Telefone">
            <CustomerAddress address={data.phone} />
          </Field>
          <Field label="Email">{data.email || 'Não informado'}</Field>
          <Field label="Cliente desde">{formatDateTime(data.createdAt)}</Field>
        </Stack>
      </Stack>
      <Divider />
      <CustomerIdentities
        // The address an erasure leaves (`anonimizado-{id}`) is no one's: not an identity to show.
        identities={data.identities.filter((identity) => !isErasedAddress(identity.value))}
        action={
          mayMerge && !erased ? (
            <Group>
              <Button variant="default" leftSection={<IconArrowMerge size={16} />} onClick={() => setMerging(data)}>
                Unir com outro cliente…
              </Button>
            </Group>
          ) : null
        }
      />
      <Divider />
      <CustomerTagsEditor customerId={data.id} tags={data.tags} headingOrder={3} onChanged={setCustomerTags} />
      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Grupos
        </Title>
        <CustomerGroupsEditor customer={data} groupsHref={groupsHref} />
      </Stack>
      <Divider />
      <CustomerHistory customer={data} ticketHref={ticketHref} />
      {data.merges.length > 0 ? (
        <>
          <Divider />
          <CustomerMerges merges={data.merges} />
        </>
      ) : null}
      {mayMerge ? (
        <>
          <Divider />
          <CustomerPrivacy customer={data} ticketHref={ticketHref} />
        </>
      ) : null}
      <BlacklistDialog customer={blacklisting} onClose={() => setBlacklisting(null)} />
      <MergeCustomerDialog customer={merging} onClose={() => setMerging(null)} />
      <EditCustomerDialog customer={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
