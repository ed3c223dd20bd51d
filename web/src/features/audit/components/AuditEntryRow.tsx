/**
 * One entry of the audit log: a row of the desktop table (`AuditEntryRow`: Quando, Quem, Ação,
 * Onde, Origem) and the phone's card (`AuditEntryCard`) with the same details — the operation's
 * summary and, under it, the request (`POST /api/users/7`); the author, marked "Token de API" when
 * an integration called with its token; the address it came from; and when.
 */
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { ListCard, ListCardDetail } from '../../../components/ResponsiveList';
import type { AuditEntry } from '../api/schemas';
import { formatWhen, originLabel, requestLine, viaToken } from '../labels';
import classes from './audit.module.css';

function When({ entry }: { entry: AuditEntry }) {
  return (
    <time dateTime={entry.at} className={classes.nowrap}>
      {formatWhen(entry.at)}
    </time>
  );
}

function TokenBadge() {
  return (
    <Badge size="sm" variant="light" color="violet" tt="none" component="span">
      Token de API
    </Badge>
  );
}

function Who({ entry }: { entry: AuditEntry }) {
  return (
    <Group gap={6} wrap="wrap" miw={0}>
      <Text size="sm" fw={500} className={classes.breakAnywhere}>
        {entry.userName}
      </Text>
      {viaToken(entry) ? <TokenBadge /> : null}
    </Group>
  );
}

/** The operation's summary (bold on a card, where it is the title) and, under it, the request. */
function Action({ entry, strong = false }: { entry: AuditEntry; strong?: boolean }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="sm" fw={strong ? 600 : undefined}>
        {entry.label || entry.action}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace" className={classes.breakAnywhere}>
        {requestLine(entry)}
      </Text>
    </Stack>
  );
}

export function AuditEntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <Table.Tr data-testid="audit-row" data-entry-id={entry.id} data-action={entry.action}>
      <Table.Td>
        <Text size="sm" component="span">
          <When entry={entry} />
        </Text>
      </Table.Td>
      <Table.Td>
        <Who entry={entry} />
      </Table.Td>
      <Table.Td>
        <Action entry={entry} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff={entry.ip ? 'monospace' : undefined} className={classes.breakAnywhere}>
          {entry.ip ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" className={classes.nowrap}>
          {originLabel(entry.via)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  return (
    <ListCard data-testid="audit-card">
      <Stack gap="xs">
        <Action entry={entry} strong />
        <ListCardDetail label="Quando">
          <When entry={entry} />
        </ListCardDetail>
        <ListCardDetail label="Quem">
          <Text span size="sm" fw={500} className={classes.breakAnywhere}>
            {entry.userName}
          </Text>
          {viaToken(entry) ? (
            <>
              {' '}
              <TokenBadge />
            </>
          ) : null}
        </ListCardDetail>
        <ListCardDetail label="Onde">
          <Text span size="sm" ff={entry.ip ? 'monospace' : undefined} className={classes.breakAnywhere}>
            {entry.ip ?? '—'}
          </Text>
        </ListCardDetail>
        <ListCardDetail label="Origem">{originLabel(entry.via)}</ListCardDetail>
      </Stack>
    </ListCard>
  );
}
