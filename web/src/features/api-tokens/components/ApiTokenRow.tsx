/**
 * One API token of the list: a row of the desktop table (`ApiTokenRow`) and the phone's card
 * (`ApiTokenCard`), with the same details — name and prefix, role, instances (and department),
 * validity, last use, status, who created it and when — and "Revogar" while it is not revoked.
 */
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { ListCard, ListCardDetail } from '../../../components/ResponsiveList';
import { formatDate, formatDateTime } from '../../../lib/dates';
import type { ApiToken } from '../api/schemas';
import { lastUseText, statusColor, statusLabel, validityText } from '../labels';
import classes from './api-tokens.module.css';

/** How the list names a token's role, instances and department (from the form's options). */
export interface TokenNames {
  role: (token: ApiToken) => string;
  /** "Todas", or the instances' names. */
  instances: (token: ApiToken) => string;
  /** The department's name, null without one. */
  department: (token: ApiToken) => string | null;
}

export interface ApiTokenRowProps {
  token: ApiToken;
  names: TokenNames;
  onRevoke: (token: ApiToken) => void;
}

function StatusBadge({ token }: { token: ApiToken }) {
  return (
    <Badge variant="dot" color={statusColor(token.status)} tt="none">
      {statusLabel(token.status)}
    </Badge>
  );
}

function Validity({ token }: { token: ApiToken }) {
  if (token.status === 'expired') {
    return (
      <Group gap={6} wrap="nowrap">
        <Badge color="red" variant="light" tt="none">
          Expirado
        </Badge>
        <Text size="sm" c="dimmed" className={classes.nowrap}>
          {validityText(token)}
        </Text>
      </Group>
    );
  }
  return (
    <Text size="sm" className={classes.nowrap}>
      {validityText(token)}
    </Text>
  );
}

function LastUse({ token }: { token: ApiToken }) {
  if (token.lastUsedAt === null) {
    return (
      <Text size="sm" c="dimmed">
        Nunca usado
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" title={formatDateTime(token.lastUsedAt)} className={classes.nowrap}>
        {lastUseText(token)}
      </Text>
      {token.lastUsedIp ? (
        <Text size="xs" c="dimmed" ff="monospace" className={classes.breakAnywhere}>
          {token.lastUsedIp}
        </Text>
      ) : null}
    </Stack>
  );
}

function Instances({ token, names }: { token: ApiToken; names: TokenNames }) {
  const department = names.department(token);
  return (
    <Stack gap={0}>
      <Text size="sm" className={classes.breakAnywhere}>
        {names.instances(token)}
      </Text>
      {department ? (
        <Text size="xs" c="dimmed">
          Departamento: {department}
        </Text>
      ) : null}
    </Stack>
  );
}

function Created({ token }: { token: ApiToken }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{token.createdBy ?? '—'}</Text>
      <Text size="xs" c="dimmed" className={classes.nowrap}>
        {formatDate(token.createdAt)}
      </Text>
    </Stack>
  );
}

function RevokeButton({ token, onRevoke }: Pick<ApiTokenRowProps, 'token' | 'onRevoke'>) {
  if (token.status === 'revoked') return null;
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      leftSection={<IconBan size={14} />}
      aria-label={`Revogar ${token.name}`}
      onClick={() => onRevoke(token)}
    >
      Revogar
    </Button>
  );
}

function Identity({ token }: { token: ApiToken }) {
  return (
    <Stack gap={2} miw={0}>
      <Text fw={600} size="sm" className={classes.breakAnywhere}>
        {token.name}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace" className={classes.nowrap}>
        {token.prefix}…
      </Text>
    </Stack>
  );
}

export function ApiTokenRow({ token, names, onRevoke }: ApiTokenRowProps) {
  return (
    <Table.Tr data-testid="api-token-row" data-token-id={token.id}>
      <Table.Td>
        <Identity token={token} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{names.role(token)}</Text>
      </Table.Td>
      <Table.Td>
        <Instances token={token} names={names} />
      </Table.Td>
      <Table.Td>
        <Validity token={token} />
      </Table.Td>
      <Table.Td>
        <LastUse token={token} />
      </Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <StatusBadge token={token} />
          {token.revokedAt ? (
            <Text size="xs" c="dimmed" className={classes.nowrap}>
              em {formatDate(token.revokedAt)}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Created token={token} />
      </Table.Td>
      <Table.Td>
        <RevokeButton token={token} onRevoke={onRevoke} />
      </Table.Td>
    </Table.Tr>
  );
}

export function ApiTokenCard({ token, names, onRevoke }: ApiTokenRowProps) {
  const department = names.department(token);
  return (
    <ListCard data-testid="api-token-card">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Identity token={token} />
          <StatusBadge token={token} />
        </Group>
        <ListCardDetail label="Perfil">{names.role(token)}</ListCardDetail>
        <ListCardDetail label="Instâncias">
          {names.instances(token)}
          {department ? ` · ${department}` : ''}
        </ListCardDetail>
        <ListCardDetail label="Validade">
          {token.status === 'expired' ? (
            <Badge color="red" variant="light" tt="none" component="span" mr={6}>
              Expirado
            </Badge>
          ) : null}
          {validityText(token)}
        </ListCardDetail>
        <ListCardDetail label="Último uso">
          {lastUseText(token)}
          {token.lastUsedAt !== null && token.lastUsedIp ? ` · ${token.lastUsedIp}` : ''}
        </ListCardDetail>
        <ListCardDetail label="Criado">
          {token.createdBy ? `${token.createdBy}, ` : ''}
          {formatDate(token.createdAt)}
        </ListCardDetail>
        {token.status !== 'revoked' ? (
          <Group justify="flex-end">
            <RevokeButton token={token} onRevoke={onRevoke} />
          </Group>
        ) : null}
      </Stack>
    </ListCard>
  );
}
