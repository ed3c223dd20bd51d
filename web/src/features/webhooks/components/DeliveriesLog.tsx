/**
 * An endpoint's deliveries, newest first (`GET /api/webhooks/{id}/deliveries`, docs/campaigns.md):
 * each with its event, status, attempts, the last answer's status code, how long the last attempt
 * took and its error; opened, every attempt and the payload as sent; "Reenviar" queues it again
 * (same `webhook-id`). "Evento" shows one event type only (`eventType`), or every one. "Enviar
 * teste" sends a signed `webhook.test`. While a delivery is pending the log is read again every few
 * seconds.
 */
import { Accordion, Badge, Button, Code, Group, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInbox, IconRefresh, IconSend } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRetryDelivery } from '../api/retry-delivery';
import type { Delivery, Endpoint } from '../api/schemas';
import { useTestWebhook } from '../api/test-webhook';
import {
  DELIVERY_STATUS_COLORS,
  TEST_EVENT,
  WEBHOOK_EVENTS,
  deliveryStatusLabel,
  eventLabel,
  groupedEventOptions,
} from '../labels';
import { LoadMore } from '../../../components/LoadMore';
import classes from './webhooks.module.css';

const MS = new Intl.NumberFormat('pt-BR');

/** The "Evento" filter's value for every event. */
const ALL = 'all';
/** "Todos", then the 13 events by group and "Teste" (under "Outros"). */
const EVENT_FILTER = [
  { value: ALL, label: 'Todos' },
  ...groupedEventOptions([...WEBHOOK_EVENTS.map((event) => event.value), TEST_EVENT]),
];

function duration(delivery: Delivery): string | null {
  const last = delivery.log.at(-1);
  return last?.durationMs != null ? `${MS.format(last.durationMs)} ms` : null;
}

function payloadText(payload: unknown): string {
  if (payload === null || payload === undefined) return '(sem conteúdo)';
  if (typeof payload === 'string') {
    try {
      return JSON.stringify(JSON.parse(payload), null, 2);
    } catch {
      return payload;
    }
  }
  return JSON.stringify(payload, null, 2);
}

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="dot" color={DELIVERY_STATUS_COLORS[status] ?? 'gray'} tt="none">
      {deliveryStatusLabel(status)}
    </Badge>
  );
}

function DeliveryItem({ delivery, webhookId }: { delivery: Delivery; webhookId: number }) {
  const retry = useRetryDelivery(webhookId);
  const took = duration(delivery);
  const summary = [
    `${delivery.attempts} ${delivery.attempts === 1 ? 'tentativa' : 'tentativas'}`,
    delivery.lastStatusCode !== null ? `HTTP ${delivery.lastStatusCode}` : null,
    took,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Accordion.Item value={String(delivery.id)} data-testid="delivery" data-delivery-status={delivery.status}>
      <Accordion.Control>
        <Stack gap={2}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {eventLabel(delivery.eventType)}
            </Text>
            <StatusBadge status={delivery.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {formatDateTime(delivery.createdAt)} · {summary}
          </Text>
          {delivery.lastError ? (
            <Text size="xs" c="red" className={classes.breakAnywhere}>
              {delivery.lastError}
            </Text>
          ) : null}
        </Stack>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <Group gap="lg" wrap="wrap">
            <Text size="xs">
              <Text span c="dimmed" size="xs">
                Evento:
              </Text>{' '}
              <code>{delivery.eventType || '—'}</code>
            </Text>
            {delivery.webhookId !== null ? (
              <Text size="xs" className={classes.breakAnywhere}>
                <Text span c="dimmed" size="xs">
                  webhook-id:
                </Text>{' '}
                <code>{String(delivery.webhookId)}</code>
              </Text>
            ) : null}
            {delivery.deliveredAt ? (
              <Text size="xs">
                <Text span c="dimmed" size="xs">
                  Entregue em:
                </Text>{' '}
                {formatDateTime(delivery.deliveredAt)}
              </Text>
            ) : null}
            {delivery.nextAttemptAt && delivery.status === 'pending' ? (
              <Text size="xs">
                <Text span c="dimmed" size="xs">
                  Próxima tentativa:
                </Text>{' '}
                {formatDateTime(delivery.nextAttemptAt)}
              </Text>
            ) : null}
          </Group>
          {delivery.log.length > 0 ? (
            <ScrollRegion label={`Tentativas da entrega #${delivery.id}`} minWidth={420}>
              <Table verticalSpacing={4} fz="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Quando</Table.Th>
                    <Table.Th>Código</Table.Th>
                    <Table.Th>Duração</Table.Th>
                    <Table.Th>Erro</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {delivery.log.map((attempt, index) => (
                    <Table.Tr key={`${attempt.at ?? ''}-${index}`}>
                      <Table.Td className={classes.nowrap}>{formatDateTime(attempt.at)}</Table.Td>
                      <Table.Td>{attempt.statusCode ?? '—'}</Table.Td>
                      <Table.Td className={classes.nowrap}>
                        {attempt.durationMs != null ? `${MS.format(attempt.durationMs)} ms` : '—'}
                      </Table.Td>
                      <Table.Td className={classes.breakAnywhere}>{attempt.error ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
          ) : (
            <Text size="xs" c="dimmed">
              Nenhuma tentativa ainda.
            </Text>
          )}
          <Stack gap={4}>
            <Text size="xs" fw={600}>
              Conteúdo enviado
            </Text>
            {/* Wrapped, not scrolled sideways: nothing to reach with the keyboard. */}
            <Code block data-testid="delivery-payload" className={classes.payload}>
              {payloadText(delivery.payload)}
            </Code>
          </Stack>
          <Group>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} />}
              loading={retry.isPending}
              disabled={delivery.status === 'pending'}
              onClick={() =>
                retry.mutate(delivery.id, {
                  onSuccess: () =>
                    notifications.show({
                      color: 'teal',
                      title: 'Entrega na fila de novo',
                      message: `A entrega #${delivery.id} será enviada outra vez.`,
                    }),
                  onError: (error) =>
                    notifications.show({
                      color: 'red',
                      title: 'Não foi possível reenviar',
                      message: errorMessage(error),
                    }),
                })
              }
            >
              Reenviar
            </Button>
          </Group>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

export function DeliveriesLog({ endpoint }: { endpoint: Endpoint }) {
  const [eventType, setEventType] = useState<string>(ALL);
  const deliveries = useWebhookDeliveries(endpoint.id, eventType === ALL ? null : eventType);
  const test = useTestWebhook();

  const sendTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: () =>
        notifications.show({
          color: 'teal',
          title: 'Teste enviado',
          message: 'Um evento webhook.test assinado foi para a fila de entregas.',
        }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Não foi possível enviar o teste', message: errorMessage(error) }),
    });

  let content: ReactNode;
  if (deliveries.isPending) {
    content = (
      <Stack gap="xs" aria-busy="true" aria-label="Carregando entregas">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={56} radius="sm" />
        ))}
      </Stack>
    );
  } else if (deliveries.isError && !deliveries.data) {
    content = (
      <LoadError
        title="Não foi possível carregar as entregas."
        error={deliveries.error}
        onRetry={() => void deliveries.refetch()}
        retrying={deliveries.isFetching}
      />
    );
  } else {
    const list = deliveries.data.pages.flatMap((page) => page.data);
    content =
      list.length === 0 ? (
        eventType === ALL ? (
          <EmptyState
            icon={IconInbox}
            title="Nenhuma entrega ainda"
            description="As entregas aparecem aqui quando um evento acontece. Envie um teste para conferir o endereço."
          />
        ) : (
          <EmptyState
            icon={IconInbox}
            title="Nenhuma entrega deste evento"
            description={`Nenhuma entrega de “${eventLabel(eventType)}” por aqui. Escolha outro evento ou “Todos”.`}
          />
        )
      ) : (
        <>
          <Accordion variant="separated" radius="md" chevronPosition="right" aria-label="Entregas">
            {list.map((delivery) => (
              <DeliveryItem key={delivery.id} delivery={delivery} webhookId={endpoint.id} />
            ))}
          </Accordion>
          <LoadMore query={deliveries} />
        </>
      );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" className={classes.breakAnywhere}>
        {endpoint.url}
      </Text>
      <Group gap="sm">
        <Button
          leftSection={<IconSend size={16} />}
          onClick={sendTest}
          loading={test.isPending}
          disabled={!endpoint.enabled}
        >
          Enviar teste
        </Button>
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void deliveries.refetch()}>
          Atualizar
        </Button>
      </Group>
      <Select
        label="Evento"
        data={EVENT_FILTER}
        value={eventType}
        allowDeselect={false}
        onChange={(value) => setEventType(value ?? ALL)}
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={320}
        w={{ base: '100%', xs: 300 }}
      />
      {content}
    </Stack>
  );
}
