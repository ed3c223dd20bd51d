/**
 * A campaign's recipients in recipient order (docs/campaigns.md), filtered by status, 50 at a time
 * with "Carregar mais": name, phone, status, why it failed (the server's `reasonText`), when it was
 * sent and last changed. A table from the sm breakpoint (576 px) up, a list of cards below.
 */
import { Badge, Box, Card, Group, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { ScrollRegion } from '../../../components/ScrollRegion';
import {
  RECIPIENT_STATUS_COLORS,
  RECIPIENT_STATUSES,
  recipientStatusLabel,
  type RecipientStatus,
} from '../../../lib/campaign-statuses';
import { formatDateTime } from '../../../lib/dates';
import { useCampaignRecipients } from '../api/get-campaign-recipients';
import type { Recipient } from '../api/schemas';
import { REASON_LABELS } from '../status';
import { LoadMore } from '../../../components/LoadMore';
import classes from './campaigns.module.css';

const ALL = 'all';
const FILTERS = [
  { value: ALL, label: 'Todas' },
  ...RECIPIENT_STATUSES.map((status) => ({ value: status, label: recipientStatusLabel(status) })),
];

/** The customer's name; none when the server only has the phone (it then sends the phone as the name). */
function nameOf(recipient: Recipient): string | null {
  return recipient.name && recipient.name !== recipient.phone ? recipient.name : null;
}

function reasonOf(recipient: Recipient): string | null {
  return recipient.reasonText ?? (recipient.reason ? (REASON_LABELS[recipient.reason] ?? recipient.reason) : null);
}

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="dot" color={RECIPIENT_STATUS_COLORS[status as RecipientStatus] ?? 'gray'} tt="none">
      {recipientStatusLabel(status)}
    </Badge>
  );
}

function RecipientRows({ recipients }: { recipients: Recipient[] }) {
  return (
    <Paper withBorder radius="md" visibleFrom="sm">
      <ScrollRegion label="Destinatários da campanha" minWidth={640}>
        <Table verticalSpacing="xs" horizontalSpacing="md" aria-label="Destinatários da campanha">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Cliente</Table.Th>
              <Table.Th>Telefone</Table.Th>
              <Table.Th>Situação</Table.Th>
              <Table.Th>Motivo</Table.Th>
              <Table.Th>Enviada em</Table.Th>
              <Table.Th>Atualizada em</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {recipients.map((recipient) => (
              <Table.Tr key={recipient.id} data-testid="recipient-row">
                <Table.Td>{nameOf(recipient) ?? '—'}</Table.Td>
                <Table.Td className={classes.nowrap}>{recipient.phone}</Table.Td>
                <Table.Td>
                  <StatusBadge status={recipient.status} />
                </Table.Td>
                <Table.Td>{reasonOf(recipient) ?? '—'}</Table.Td>
                <Table.Td className={classes.nowrap}>{formatDateTime(recipient.sentAt)}</Table.Td>
                <Table.Td className={classes.nowrap}>{formatDateTime(recipient.updatedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </Paper>
  );
}

function RecipientCards({ recipients }: { recipients: Recipient[] }) {
  return (
    <Stack gap="xs" hiddenFrom="sm" component="ul" aria-label="Destinatários da campanha" className={classes.plainList}>
      {recipients.map((recipient) => {
        const reason = reasonOf(recipient);
        return (
          <Card key={recipient.id} withBorder radius="md" padding="sm" component="li">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} className={classes.breakAnywhere}>
                  {nameOf(recipient) ?? recipient.phone}
                </Text>
                {nameOf(recipient) ? (
                  <Text size="xs" c="dimmed">
                    {recipient.phone}
                  </Text>
                ) : null}
              </Stack>
              <StatusBadge status={recipient.status} />
            </Group>
            {reason ? (
              <Text size="xs" mt={4}>
                {reason}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed" mt={4}>
              {recipient.sentAt ? `Enviada em ${formatDateTime(recipient.sentAt)}` : 'Ainda não enviada'}
            </Text>
          </Card>
        );
      })}
    </Stack>
  );
}

export function RecipientsTable({ campaignId }: { campaignId: number }) {
  const [status, setStatus] = useState('');
  const recipients = useCampaignRecipients(campaignId, status);

  let content: ReactNode;
  if (recipients.isPending) {
    content = (
      <Stack gap="xs" aria-busy="true" aria-label="Carregando destinatários">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={36} radius="sm" />
        ))}
      </Stack>
    );
  } else if (recipients.isError && !recipients.data) {
    content = (
      <LoadError
        title="Não foi possível carregar os destinatários."
        error={recipients.error}
        onRetry={() => void recipients.refetch()}
        retrying={recipients.isFetching}
      />
    );
  } else {
    const list = recipients.data.pages.flatMap((page) => page.data);
    content =
      list.length === 0 ? (
        <EmptyState
          icon={IconUsers}
          title={status ? 'Ninguém nesta situação' : 'Nenhum destinatário'}
          description={status ? `Nenhum destinatário “${recipientStatusLabel(status)}”.` : undefined}
        />
      ) : (
        <>
          <RecipientRows recipients={list} />
          <RecipientCards recipients={list} />
          <LoadMore query={recipients} label="Carregar mais destinatários" />
        </>
      );
  }

  return (
    <Box component="section" aria-labelledby="campaign-recipients">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Title order={3} size="h4" id="campaign-recipients">
            Destinatários
          </Title>
          <Group gap="xs" align="flex-end">
            <Select
              label="Situação do destinatário"
              data={FILTERS}
              value={status || ALL}
              allowDeselect={false}
              onChange={(value) => setStatus(value === null || value === ALL ? '' : value)}
              w={200}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        </Group>
        {content}
      </Stack>
    </Box>
  );
}
