/**
 * `/webhooks` (route `webhooks`, feature `webhooks`; docs/campaigns.md): the tenant's endpoints that
 * receive events — tickets, messages, customers, instances, orders, campaigns (labels.ts) — with
 * their address, description, events (a few badges, "+N" for the rest), on or off (and why the
 * server switched it off), failures in a row; create (the secret shown once), edit, switch on/off,
 * delete after confirming, "Enviar teste", "Trocar segredo" (the new one shown once, the old one
 * valid until `previousValidUntil`), "Reenviar período" (ReplayModal) and each endpoint's
 * deliveries log (a drawer, `?endpoint=3` in the URL so a reload or a link opens it).
 */
import { ActionIcon, Badge, Button, Card, Drawer, Group, Menu, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconDots,
  IconHistory,
  IconKey,
  IconList,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSend,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { FormModal } from '../../../components/FormModal';
import { LoadError } from '../../../components/LoadError';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { isFeatureDisabled } from '../../../lib/features';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import type { Endpoint, RotatedSecret } from '../api/schemas';
import { useTestWebhook } from '../api/test-webhook';
import { useUpdateWebhook } from '../api/update-webhook';
import { disabledReasonText, eventSummary } from '../labels';
import { DeliveriesLog } from './DeliveriesLog';
import { ReplayModal } from './ReplayModal';
import { SecretReveal } from './SecretReveal';
import { WebhookFormModal } from './WebhookFormModal';
import classes from './webhooks.module.css';

type Dialog =
  | { kind: 'none' }
  | { kind: 'form'; endpoint: Endpoint | null }
  | { kind: 'delete'; endpoint: Endpoint }
  | { kind: 'rotate'; endpoint: Endpoint }
  | { kind: 'replay'; endpoint: Endpoint }
  | { kind: 'rotated'; endpoint: Endpoint; rotated: RotatedSecret };

function endpointFromParams(params: URLSearchParams): number | null {
  const value = params.get('endpoint');
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}

function StatusBadge({ endpoint }: { endpoint: Endpoint }) {
  return endpoint.enabled ? (
    <Badge variant="dot" color="teal" tt="none">
      Ativo
    </Badge>
  ) : (
    <Badge variant="dot" color="gray" tt="none">
      Desativado
    </Badge>
  );
}

/** How many event badges a card shows before "+N". */
const EVENT_BADGES = 4;

/** An endpoint's events, compactly (a whole group as one badge); "+N" shows the rest. */
function EventBadges({ events }: { events: string[] }) {
  const [all, setAll] = useState(false);
  const names = eventSummary(events);
  const hidden = names.length - EVENT_BADGES;
  const shown = all || hidden <= 1 ? names : names.slice(0, EVENT_BADGES);
  return (
    <>
      {shown.map((name) => (
        <Badge key={name} variant="light" color="indigo" tt="none">
          {name}
        </Badge>
      ))}
      {hidden > 1 ? (
        <Button
          size="compact-xs"
          variant="subtle"
          color="indigo"
          aria-expanded={all}
          // "+9" is the visible part of the name.
          aria-label={all ? undefined : `+${hidden} eventos: mostrar todos`}
          onClick={() => setAll((value) => !value)}
        >
          {all ? 'Mostrar menos' : `+${hidden}`}
        </Button>
      ) : null}
    </>
  );
}

interface EndpointCardProps {
  endpoint: Endpoint;
  onDialog: (dialog: Dialog) => void;
  onDeliveries: () => void;
}

function EndpointCard({ endpoint, onDialog, onDeliveries }: EndpointCardProps) {
  const update = useUpdateWebhook();
  const test = useTestWebhook();
  const reason = disabledReasonText(endpoint.disabledReason);
  const name = endpoint.description || endpoint.url;

  function toggle() {
    const enabled = !endpoint.enabled;
    update.mutate(
      { id: endpoint.id, enabled },
      {
        onSuccess: () =>
          notifications.show({
            color: enabled ? 'teal' : 'gray',
            title: enabled ? 'Endpoint ativado' : 'Endpoint desativado',
            message: enabled
              ? 'Ele volta a receber os eventos; a contagem de falhas recomeçou.'
              : 'Ele não recebe mais eventos.',
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Não foi possível mudar o endpoint',
            message: errorMessage(error),
          }),
      },
    );
  }

  function sendTest() {
    test.mutate(endpoint.id, {
      onSuccess: () =>
        notifications.show({
          color: 'teal',
          title: 'Teste enviado',
          message: 'Um evento webhook.test assinado foi para a fila. Veja o resultado nas entregas.',
        }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Não foi possível enviar o teste', message: errorMessage(error) }),
    });
  }

  return (
    <Card withBorder radius="md" padding="md" component="li" data-testid="webhook-card" data-webhook-id={endpoint.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <Title order={2} size="h4" className={classes.breakAnywhere}>
              {name}
            </Title>
            {endpoint.description ? (
              <Text size="sm" c="dimmed" ff="monospace" className={classes.breakAnywhere}>
                {endpoint.url}
              </Text>
            ) : null}
          </Stack>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Ações do endpoint ${name}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onDialog({ kind: 'form', endpoint })}>
                Editar
              </Menu.Item>
              <Menu.Item
                leftSection={endpoint.enabled ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
                onClick={toggle}
              >
                {endpoint.enabled ? 'Desativar' : 'Ativar'}
              </Menu.Item>
              <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => onDialog({ kind: 'replay', endpoint })}>
                Reenviar período
              </Menu.Item>
              <Menu.Item leftSection={<IconKey size={16} />} onClick={() => onDialog({ kind: 'rotate', endpoint })}>
                Trocar segredo
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => onDialog({ kind: 'delete', endpoint })}
              >
                Excluir
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Group gap="xs" wrap="wrap">
          <StatusBadge endpoint={endpoint} />
          <EventBadges events={endpoint.events} />
        </Group>
        {!endpoint.enabled ? (
          <Text size="sm" data-testid="disabled-reason">
            {reason}
            {endpoint.disabledAt ? ` Desde ${formatDateTime(endpoint.disabledAt)}.` : ''}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {endpoint.failureCount > 0
            ? `${endpoint.failureCount} ${endpoint.failureCount === 1 ? 'falha seguida' : 'falhas seguidas'}`
            : 'Nenhuma falha recente'}
          {' · '}Criado em {formatDateTime(endpoint.createdAt)}
          {endpoint.secretRotatedAt ? ` · segredo trocado em ${formatDateTime(endpoint.secretRotatedAt)}` : ''}
        </Text>
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="default" leftSection={<IconList size={14} />} onClick={onDeliveries}>
            Entregas
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconSend size={14} />}
            onClick={sendTest}
            loading={test.isPending}
            disabled={!endpoint.enabled}
          >
            Enviar teste
          </Button>
          {!endpoint.enabled ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlayerPlay size={14} />}
              onClick={toggle}
              loading={update.isPending}
            >
              Ativar
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

export function WebhooksScreen() {
  const endpoints = useWebhooks();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [params, setParams] = useSearchParams();
  const openId = endpointFromParams(params);
  const open = openId !== null ? (endpoints.data?.find((endpoint) => endpoint.id === openId) ?? null) : null;
  const close = () => setDialog({ kind: 'none' });

  function showDeliveries(id: number | null) {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('endpoint');
    else next.set('endpoint', String(id));
    setParams(next, { replace: id === null });
  }

  const createButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'form', endpoint: null })}>
      Novo endpoint
    </Button>
  );

  let content: ReactNode;
  if (endpoints.isPending) {
    content = (
      <Stack gap="sm" aria-busy="true" aria-label="Carregando endpoints">
        {[0, 1].map((row) => (
          <Skeleton key={row} height={120} radius="md" />
        ))}
      </Stack>
    );
  } else if (endpoints.isError && !endpoints.data) {
    content = isFeatureDisabled(endpoints.error) ? (
      <EmptyState
        icon={IconWebhook}
        title="Recurso não disponível para esta empresa"
        description={endpoints.error.message || 'Os webhooks não estão incluídos no plano desta empresa.'}
      />
    ) : (
      <LoadError
        title="Não foi possível carregar os endpoints."
        error={endpoints.error}
        onRetry={() => void endpoints.refetch()}
        retrying={endpoints.isFetching}
      />
    );
  } else if (endpoints.data.length === 0) {
    content = (
      <EmptyState
        icon={IconWebhook}
        title="Nenhum endpoint"
        description="Cadastre o endereço do seu sistema para receber, assinados, os eventos que escolher: tickets, mensagens, clientes, campanhas e mais."
        actions={createButton}
      />
    );
  } else {
    content = (
      <Stack gap="sm" component="ul" aria-label="Endpoints" className={classes.plainList}>
        {endpoints.data.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            onDialog={setDialog}
            onDeliveries={() => showDeliveries(endpoint.id)}
          />
        ))}
      </Stack>
    );
  }

  const deleting = dialog.kind === 'delete' ? dialog.endpoint : null;
  const rotating = dialog.kind === 'rotate' ? dialog.endpoint : null;
  const rotated = dialog.kind === 'rotated' ? dialog : null;
  const replaying = dialog.kind === 'replay' ? dialog.endpoint : null;

  return (
    <Stack gap="md">
      {endpoints.data && endpoints.data.length > 0 ? <Group justify="flex-end">{createButton}</Group> : null}
      {content}

      <WebhookFormModal
        opened={dialog.kind === 'form'}
        endpoint={dialog.kind === 'form' ? dialog.endpoint : null}
        onClose={close}
      />
      <ReplayModal endpoint={replaying} onClose={close} />
      <Drawer
        opened={open !== null}
        onClose={() => showDeliveries(null)}
        position="right"
        size="min(100vw, 44rem)"
        title={open ? `Entregas: ${open.description || open.url}` : ''}
      >
        {open ? <DeliveriesLog key={open.id} endpoint={open} /> : null}
      </Drawer>
      <ConfirmDialog
        opened={deleting !== null}
        title="Excluir endpoint"
        confirmLabel="Excluir"
        loading={remove.isPending}
        onClose={close}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', title: 'Endpoint excluído', message: deleting.url });
              if (openId === deleting.id) showDeliveries(null);
              close();
            },
            onError: (error) =>
              notifications.show({ color: 'red', title: 'Não foi possível excluir', message: errorMessage(error) }),
          });
        }}
      >
        {`Excluir ${deleting?.url ?? ''}? Ele deixa de receber eventos e o histórico de entregas some.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={rotating !== null}
        title="Trocar segredo"
        confirmLabel="Trocar segredo"
        color="orange"
        loading={rotate.isPending}
        onClose={close}
        onConfirm={() => {
          if (!rotating) return;
          rotate.mutate(rotating.id, {
            onSuccess: (answer) => setDialog({ kind: 'rotated', endpoint: rotating, rotated: answer }),
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: 'Não foi possível trocar o segredo',
                message: errorMessage(error),
              }),
          });
        }}
      >
        {`Gerar um segredo novo para ${rotating?.url ?? ''}? Por 24 horas as entregas levam as duas assinaturas, a do segredo antigo e a do novo, para dar tempo de atualizar o seu sistema.`}
      </ConfirmDialog>
      <FormModal
        opened={rotated !== null}
        onClose={close}
        title="Segredo trocado"
        size="lg"
        closeOnClickOutside={false}
      >
        {rotated ? (
          <Stack gap="md">
            <SecretReveal secret={rotated.rotated.secret}>
              <Text size="sm" data-testid="previous-valid-until">
                {rotated.rotated.previousValidUntil
                  ? `O segredo anterior continua válido até ${formatDateTime(rotated.rotated.previousValidUntil)}: até lá, cada entrega leva as duas assinaturas.`
                  : 'O segredo anterior continua válido por 24 horas: até lá, cada entrega leva as duas assinaturas.'}
              </Text>
            </SecretReveal>
            <Group justify="flex-end">
              <Button onClick={close}>Já guardei o segredo</Button>
            </Group>
          </Stack>
        ) : null}
      </FormModal>
    </Stack>
  );
}
