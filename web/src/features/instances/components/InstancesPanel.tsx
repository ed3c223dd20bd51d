/**
 * A tenant's instances (docs/contracts.md#screens-and-routes Instances: list, create, update, sync
 * messages). Used by /instances for the user's own tenant and, with `tenantName`, by the tenants
 * screen for back-office operators acting on another tenant. Each instance with a provider shows
 * its latest synchronisation in its row (and in the sync dialog): one still running, even if
 * started before this screen was opened, is followed until it ends.
 *
 * A WhatsApp Cloud API instance (`providerKind: cloud`) is neither paired by QR code nor synced
 * (Meta offers no history): its row shows the webhook Meta must call back and offers "Testar
 * conexão" instead of "Conectar número", "Desconectar" and "Sincronizar mensagens". An Evolution
 * gateway instance (`providerKind: evolution`) is paired by QR code like a generic one ("Conectar
 * número", "Desconectar") but not synced (the gateway's history is not read): its row shows the
 * gateway's instance name and address, and offers neither "Testar conexão" nor "Sincronizar
 * mensagens".
 */
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconDots,
  IconMessageChatbot,
  IconPlugConnected,
  IconPencil,
  IconPlugConnectedX,
  IconPlus,
  IconQrcode,
  IconRefresh,
  IconTemplate,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime, formatRelative } from '../../../lib/dates';
import { useDisconnectInstance } from '../api/disconnect-instance';
import {
  STATUS_LABELS,
  cloudWebhookUrl,
  isCloudInstance,
  isEvolutionInstance,
  useInstances,
  type Instance,
} from '../api/get-instances';
import { useLatestSyncJob } from '../api/get-latest-sync-job';
import { useSyncTemplates } from '../api/sync-templates';
import { CloudWebhookButton } from './CloudWebhook';
import { ConnectInstanceModal } from './ConnectInstanceModal';
import { InstanceFormModal } from './InstanceFormModal';
import { SyncMessagesModal } from './SyncMessagesModal';
import { SyncProgress } from './SyncProgress';
import { TestConnectionModal } from './TestConnectionModal';
import classes from './instances.module.css';

const STATUS_COLORS: Record<string, string> = {
  connected: 'teal',
  connecting: 'blue',
  qrcode: 'yellow',
  disconnected: 'gray',
};

export interface InstancesPanelProps {
  /** Another tenant (back-office operators); undefined for the user's own. */
  tenantName?: string;
}

type Dialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit'; instance: Instance }
  | { kind: 'sync'; instance: Instance }
  | { kind: 'connect'; id: number }
  | { kind: 'test'; instance: Instance }
  | { kind: 'disconnect'; instance: Instance };

function Flags({ instance }: { instance: Instance }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={instance.activated ? 'teal' : 'gray'} variant="dot" tt="none">
        {instance.activated ? 'Ativa' : 'Inativa'}
      </Badge>
      <Badge color={STATUS_COLORS[instance.status] ?? 'gray'} variant="dot" tt="none">
        {STATUS_LABELS[instance.status] ?? instance.status}
      </Badge>
      {instance.isOfficial ? (
        <Badge color="blue" variant="dot" tt="none">
          Oficial
        </Badge>
      ) : null}
      {instance.isUnlimited ? (
        <Badge color="violet" variant="dot" tt="none">
          Ilimitada
        </Badge>
      ) : null}
    </Group>
  );
}

function Actions({
  instance,
  onAction,
  onSyncTemplates,
}: {
  instance: Instance;
  onAction: (dialog: Dialog) => void;
  onSyncTemplates: (instance: Instance) => void;
}) {
  const cloud = isCloudInstance(instance);
  const evolution = isEvolutionInstance(instance);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Ações da instância ${instance.name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onAction({ kind: 'edit', instance })}>
          Editar
        </Menu.Item>
        {cloud ? (
          <Menu.Item leftSection={<IconPlugConnected size={16} />} onClick={() => onAction({ kind: 'test', instance })}>
            Testar conexão
          </Menu.Item>
        ) : null}
        {cloud ? (
          <Menu.Item leftSection={<IconTemplate size={16} />} onClick={() => onSyncTemplates(instance)}>
            Sincronizar modelos
          </Menu.Item>
        ) : null}
        {!cloud && !evolution ? (
          <Menu.Item leftSection={<IconRefresh size={16} />} onClick={() => onAction({ kind: 'sync', instance })}>
            Sincronizar mensagens
          </Menu.Item>
        ) : null}
        {!cloud && instance.hasProvider && instance.status !== 'connected' ? (
          <Menu.Item
            leftSection={<IconQrcode size={16} />}
            onClick={() => onAction({ kind: 'connect', id: instance.id })}
          >
            Conectar número
          </Menu.Item>
        ) : null}
        {!cloud && instance.hasProvider && instance.status !== 'disconnected' ? (
          <Menu.Item
            color="red"
            leftSection={<IconPlugConnectedX size={16} />}
            onClick={() => onAction({ kind: 'disconnect', instance })}
          >
            Desconectar
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The kind of provider; one this screen does not know yet is named as the server wrote it. */
function KindBadge({ instance }: { instance: Instance }) {
  if (isCloudInstance(instance)) {
    return (
      <Badge color="green" variant="light">
        Oficial (Cloud API)
      </Badge>
    );
  }
  if (isEvolutionInstance(instance)) {
    return (
      <Badge color="cyan" variant="light">
        Gateway Evolution
      </Badge>
    );
  }
  return (
    <Badge color="gray" variant="light">
      {instance.providerKind === 'generic' ? 'Genérico' : instance.providerKind}
    </Badge>
  );
}

function Provider({ instance }: { instance: Instance }) {
  const webhookUrl = cloudWebhookUrl(instance);
  let detail: ReactNode;
  if (isCloudInstance(instance)) {
    detail = (
      <>
        {instance.cloud ? (
          <Text size="sm" className={classes.breakAnywhere}>
            Número (ID): {instance.cloud.phoneNumberId}
          </Text>
        ) : null}
        {webhookUrl ? <CloudWebhookButton url={webhookUrl} /> : null}
      </>
    );
  } else if (isEvolutionInstance(instance)) {
    detail = instance.evolution ? (
      <Stack gap={0}>
        <Text size="sm" className={classes.breakAnywhere}>
          Instância: {instance.evolution.instanceName}
        </Text>
        <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
          {instance.evolution.baseUrl}
        </Text>
      </Stack>
    ) : (
      <Text size="sm" c="dimmed">
        {instance.hasProvider ? 'Configurado' : 'Não configurado'}
      </Text>
    );
  } else if (instance.hasProvider) {
    detail = (
      <Text size="sm" className={classes.breakAnywhere}>
        {instance.providerBaseUrl ?? 'configurado'}
      </Text>
    );
  } else {
    detail = (
      <Text size="sm" c="dimmed">
        Não configurado
      </Text>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      <KindBadge instance={instance} />
      {detail}
    </Stack>
  );
}

function SyncCell({ instance, tenantName }: { instance: Instance; tenantName?: string }) {
  // Meta offers no history, and a gateway's is not read: cloud and evolution instances are never
  // synced, so their latest job is not asked.
  const cloud = isCloudInstance(instance);
  const evolution = isEvolutionInstance(instance);
  const job = useLatestSyncJob(instance.id, tenantName, instance.hasProvider && !cloud && !evolution).data;
  let last: ReactNode;
  if (instance.lastSyncAt) {
    last = (
      <Text size="sm" title={formatDateTime(instance.lastSyncAt)}>
        {formatDateTime(instance.lastSyncAt)} ({formatRelative(instance.lastSyncAt)})
      </Text>
    );
  } else if (cloud) {
    last = (
      <Text size="sm" c="dimmed">
        Não se aplica (Cloud API)
      </Text>
    );
  } else if (evolution) {
    last = (
      <Text size="sm" c="dimmed">
        Não se aplica (Gateway Evolution)
      </Text>
    );
  } else {
    last = <Text size="sm">Nunca sincronizada</Text>;
  }
  return (
    <Stack gap={4}>
      {last}
      {job ? <SyncProgress job={job} tenantName={tenantName} compact /> : null}
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" flex="none">
        {label}:
      </Text>
      <Box miw={0}>{children}</Box>
    </Group>
  );
}

export function InstancesPanel({ tenantName }: InstancesPanelProps) {
  const instances = useInstances(tenantName);
  const disconnect = useDisconnectInstance();
  const templates = useSyncTemplates();
  const syncTemplates = (instance: Instance) =>
    templates.mutate(
      { id: instance.id, tenantName },
      {
        onSuccess: ({ synced }) =>
          notifications.show({
            color: 'teal',
            title: 'Modelos sincronizados',
            message: `${instance.name}: ${synced} ${synced === 1 ? 'modelo' : 'modelos'} da Meta.`,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Não foi possível sincronizar os modelos',
            message: errorMessage(error),
          }),
      },
    );
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const newButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'create' })}>
      Nova instância
    </Button>
  );

  let content: ReactNode;
  if (instances.isPending) {
    content = (
      <Stack gap="sm" aria-busy="true" aria-label="Carregando instâncias">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={48} radius="sm" />
        ))}
      </Stack>
    );
  } else if (instances.isError) {
    content = (
      <LoadError
        title="Não foi possível carregar as instâncias."
        error={instances.error}
        onRetry={() => void instances.refetch()}
        retrying={instances.isFetching}
      />
    );
  } else if (instances.data.length === 0) {
    content = (
      <EmptyState
        icon={IconMessageChatbot}
        title="Nenhuma instância"
        description="Uma instância é uma conexão de mensagens (por exemplo, um número de WhatsApp)."
        actions={newButton}
      />
    );
  } else {
    const rows = instances.data;
    content = (
      <>
        <Paper withBorder radius="md" visibleFrom="md">
          <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nome</Table.Th>
                <Table.Th>Situação</Table.Th>
                <Table.Th>Provedor</Table.Th>
                <Table.Th>Última sincronização</Table.Th>
                <Table.Th w={60}>
                  <VisuallyHidden>Ações</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((instance) => (
                <Table.Tr key={instance.id} data-testid={`instance-row-${instance.id}`}>
                  <Table.Td fw={600}>{instance.name}</Table.Td>
                  <Table.Td>
                    <Flags instance={instance} />
                  </Table.Td>
                  <Table.Td maw={240}>
                    <Provider instance={instance} />
                  </Table.Td>
                  <Table.Td miw={180}>
                    <SyncCell instance={instance} tenantName={tenantName} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Actions instance={instance} onAction={setDialog} onSyncTemplates={syncTemplates} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Stack gap="sm" hiddenFrom="md">
          {rows.map((instance) => (
            <Card key={instance.id} withBorder radius="md" padding="md" data-testid={`instance-card-${instance.id}`}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Text fw={600} className={classes.breakAnywhere}>
                  {instance.name}
                </Text>
                <Actions instance={instance} onAction={setDialog} onSyncTemplates={syncTemplates} />
              </Group>
              <Stack gap={6} mt="xs">
                <Flags instance={instance} />
                <Detail label="Provedor">
                  <Provider instance={instance} />
                </Detail>
                <Detail label="Última sincronização">
                  <SyncCell instance={instance} tenantName={tenantName} />
                </Detail>
              </Stack>
            </Card>
          ))}
        </Stack>
      </>
    );
  }

  const syncing = dialog.kind === 'sync' ? dialog.instance : null;
  return (
    <Stack gap="md">
      {instances.isSuccess && instances.data.length > 0 ? <Group justify="flex-end">{newButton}</Group> : null}
      {content}
      <InstanceFormModal
        opened={dialog.kind === 'create' || dialog.kind === 'edit'}
        instance={dialog.kind === 'edit' ? dialog.instance : null}
        tenantName={tenantName}
        onClose={close}
      />
      <SyncMessagesModal instance={syncing} tenantName={tenantName} onClose={close} />
      <TestConnectionModal
        instance={dialog.kind === 'test' ? dialog.instance : null}
        tenantName={tenantName}
        onClose={close}
      />
      <ConnectInstanceModal
        instance={dialog.kind === 'connect' ? (instances.data?.find((item) => item.id === dialog.id) ?? null) : null}
        tenantName={tenantName}
        onClose={close}
      />
      <ConfirmDialog
        opened={dialog.kind === 'disconnect'}
        title="Desconectar número"
        confirmLabel="Desconectar"
        loading={disconnect.isPending}
        onClose={close}
        onConfirm={() => {
          if (dialog.kind !== 'disconnect') return;
          const { instance } = dialog;
          disconnect.mutate(
            { id: instance.id, tenantName },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'teal',
                  title: 'Desconexão pedida',
                  message: `${instance.name}: a situação muda quando o provedor confirmar.`,
                });
                close();
              },
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  title: 'Não foi possível desconectar',
                  message: errorMessage(error),
                }),
            },
          );
        }}
      >
        {dialog.kind === 'disconnect'
          ? `O número de ${dialog.instance.name} deixará de receber e enviar mensagens até ser conectado de novo.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
