/**
 * The customer beside the conversation: name, phone (or "Número oculto" and the id WhatsApp gives
 * instead), email, the blacklist, how WhatsApp knows them ("Identidades": phone, BSUID, LID;
 * read-only — the customers screen merges), their tags (components/CustomerTagsEditor: put on and
 * taken off here, the answer written into the panel by ../cache.ts), groups, their earlier tickets
 * (each opens in the inbox), and — when there are any — the messages they wrote that opened no
 * ticket ("Mensagens sem atendimento": kept while blacklisted or beyond the plan's monthly ticket
 * limit). What the app composes in (`sections`: the customer's orders, app/customer-sections.tsx)
 * comes right after the tags, told whether the viewer may write on the open conversation.
 */
import { Anchor, Avatar, Badge, Button, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBan, IconLockOpen } from '@tabler/icons-react';
import { useState, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CustomerTagsEditor } from '../../../components/CustomerTagsEditor';
import { LoadError } from '../../../components/LoadError';
import { errorMessage } from '../../../lib/api-errors';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useCustomer } from '../api/get-customer';
import { useSetBlacklisted } from '../api/set-blacklisted';
import { setCustomerTags } from '../cache';
import { displayName, identityLabel, identityValue, STATUS_COLORS, STATUS_LABELS } from '../format';
import type { FromQueueState } from '../hooks/use-inbox-location';
import { CustomerAddress } from './CustomerAddress';
import { ScheduleMessageButton } from './ScheduleMessageButton';
import classes from './Inbox.module.css';
import { TYPE_LABELS } from './media/format';

/** What a section the app adds to the panel is told (features do not import one another). */
export interface CustomerSectionsProps {
  customerId: number;
  /** The ticket open now. */
  ticketId: number;
  /** The viewer may write on the open ticket (viewer.ts `mayWriteOn`, the composer's rule). */
  writable: boolean;
  /** The section's heading level: the panel's sub-headings'. */
  headingOrder: 3 | 4;
}

/** The sections the app adds to the customer panel (after the tags). */
export type CustomerSections = ComponentType<CustomerSectionsProps>;

export interface CustomerPanelProps {
  customerId: number;
  /** The ticket open now (marked in the history). */
  ticketId: number;
  /** The inbox's href with another ticket open. */
  ticketHref: (ticketId: number) => string;
  /** Headings start at this level (the drawer's title is a heading already). */
  headingOrder?: 2 | 3;
  /** The app's sections (the orders), shown after the tags. */
  sections?: CustomerSections;
  /** The viewer may write on the open ticket (handed to `sections`). */
  writable?: boolean;
}

export function CustomerPanel({
  customerId,
  ticketId,
  ticketHref,
  headingOrder = 2,
  sections: Sections,
  writable = false,
}: CustomerPanelProps) {
  const customer = useCustomer(customerId);
  const blacklist = useSetBlacklisted();
  const [confirming, setConfirming] = useState(false);
  const sub = headingOrder === 2 ? 3 : 4;

  if (customer.isPending) {
    return (
      <Stack p="md" gap="sm" aria-busy="true" aria-label="Carregando cliente">
        <Skeleton height={56} circle />
        <Skeleton height={16} width="70%" />
        <Skeleton height={12} width="50%" />
      </Stack>
    );
  }
  if (customer.isError) {
    return (
      <Stack p="md">
        <LoadError
          title="Não foi possível carregar o cliente."
          error={customer.error}
          onRetry={() => void customer.refetch()}
          retrying={customer.isFetching}
        />
      </Stack>
    );
  }
  const data = customer.data;
  const name = displayName(data);

  function toggle() {
    const next = !data.blacklisted;
    blacklist.mutate(
      { id: data.id, blacklisted: next },
      {
        onSuccess: () => {
          setConfirming(false);
          notifications.show({
            color: next ? 'red' : 'teal',
            title: next ? 'Cliente bloqueado' : 'Cliente desbloqueado',
            message: next
              ? `As mensagens de ${name} ficam guardadas, mas não abrem atendimento.`
              : `${name} volta a abrir atendimentos.`,
          });
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
    <Stack p="md" gap="md" data-testid="customer-panel">
      <Stack align="center" gap={4} ta="center">
        <Avatar name={name} color="initials" radius="xl" size={64} />
        <Title order={headingOrder} size="h5" className={classes.breakAnywhere}>
          {name}
        </Title>
        <Text size="sm" component="div">
          <CustomerAddress address={data.phone} />
        </Text>
        {data.email ? (
          <Text size="sm" c="dimmed" className={classes.breakAnywhere}>
            {data.email}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          Cliente desde {formatDate(data.createdAt)}
        </Text>
        {data.blacklisted ? (
          <Badge color="red.8" variant="filled" leftSection={<IconBan size={12} />} mt={4}>
            Bloqueado
          </Badge>
        ) : null}
      </Stack>
      <Button
        variant="default"
        leftSection={
          data.blacklisted ? <IconLockOpen size={16} /> : <IconBan size={16} color="var(--mantine-color-red-filled)" />
        }
        onClick={() => setConfirming(true)}
        size="xs"
      >
        {data.blacklisted ? 'Desbloquear cliente' : 'Bloquear cliente'}
      </Button>
      <ScheduleMessageButton customer={data} name={name} ticketId={ticketId} />
      <Divider />
      <CustomerTagsEditor
        customerId={data.id}
        tags={data.tags}
        headingOrder={sub}
        compact
        onChanged={setCustomerTags}
      />
      {Sections ? (
        <>
          <Divider />
          <Sections customerId={data.id} ticketId={ticketId} writable={writable} headingOrder={sub} />
        </>
      ) : null}
      {data.identities.length > 0 ? (
        <>
          <Divider />
          <Stack gap={6}>
            <Title order={sub} size="h6">
              Identidades
            </Title>
            <Stack gap={6} component="ul" className={classes.plainList} aria-label="Identidades do cliente">
              {data.identities.map((identity) => (
                <li key={`${identity.kind}:${identity.value}`} data-testid="customer-identity">
                  <Text size="xs" c="dimmed">
                    {identityLabel(identity.kind)}
                  </Text>
                  <Text size="sm" className={classes.breakAnywhere}>
                    {identityValue(identity)}
                  </Text>
                </li>
              ))}
            </Stack>
          </Stack>
        </>
      ) : null}
      <Divider />
      <Stack gap={6}>
        <Title order={sub} size="h6">
          Grupos
        </Title>
        {data.groups.length === 0 ? (
          <Text size="sm" c="dimmed">
            Em nenhum grupo.
          </Text>
        ) : (
          <Group gap={6}>
            {data.groups.map((group) => (
              <Badge key={group.id} variant="default" tt="none" fw={500}>
                {group.name}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
      <Divider />
      <Stack gap={6}>
        <Title order={sub} size="h6">
          Atendimentos
        </Title>
        {data.tickets.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum atendimento.
          </Text>
        ) : (
          <Stack gap={8} component="ul" className={classes.plainList}>
            {data.tickets.map((ticket) => (
              <li key={ticket.id}>
                <Group gap={6} justify="space-between" wrap="nowrap">
                  <Stack gap={0} miw={0}>
                    {ticket.id === ticketId ? (
                      <Text size="sm" fw={600}>
                        {ticket.protocol} (este)
                      </Text>
                    ) : (
                      <Anchor
                        component={Link}
                        to={ticketHref(ticket.id)}
                        state={{ fromQueue: true } satisfies FromQueueState}
                        size="sm"
                        fw={600}
                      >
                        {ticket.protocol}
                      </Anchor>
                    )}
                    <Text size="xs" c="dimmed" title={formatDateTime(ticket.openedAt)}>
                      {formatDate(ticket.openedAt)} · {ticket.instance.name}
                    </Text>
                  </Stack>
                  <Badge size="xs" variant="dot" color={STATUS_COLORS[ticket.status] ?? 'gray.7'} flex="none">
                    {STATUS_LABELS[ticket.status] ?? ticket.status}
                  </Badge>
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      {data.messagesWithoutTicket.length > 0 ? (
        <>
          <Divider />
          <Stack gap={6} data-testid="messages-without-ticket">
            <Title order={sub} size="h6">
              Mensagens sem atendimento
            </Title>
            <Text size="xs" c="dimmed">
              Guardadas sem abrir atendimento (cliente bloqueado ou limite de atendimentos do plano).
            </Text>
            <Stack gap={8} component="ul" className={classes.plainList}>
              {data.messagesWithoutTicket.map((message) => (
                <li key={message.id}>
                  <Text size="sm" lineClamp={3} className={classes.messageText}>
                    {message.body || (TYPE_LABELS[message.type] ?? '')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <time dateTime={message.sentAt}>{formatDateTime(message.sentAt)}</time>
                    {message.direction === 'out' ? ' · enviada pela empresa' : ''}
                  </Text>
                </li>
              ))}
            </Stack>
          </Stack>
        </>
      ) : null}
      <ConfirmDialog
        opened={confirming}
        title={data.blacklisted ? 'Desbloquear cliente' : 'Bloquear cliente'}
        confirmLabel={data.blacklisted ? 'Desbloquear' : 'Bloquear'}
        color={data.blacklisted ? 'indigo.7' : 'red.8'}
        loading={blacklist.isPending}
        onConfirm={toggle}
        onClose={() => setConfirming(false)}
      >
        {data.blacklisted
          ? `${name} voltará a abrir atendimentos ao escrever.`
          : `As mensagens de ${name} continuarão guardadas, mas não abrirão atendimento nem avisarão ninguém.`}
      </ConfirmDialog>
    </Stack>
  );
}
