/**
 * One order in the customer panel: its value (struck through when cancelled), the status dot, the
 * items in one line, how it is paid and when, where it came from and who registered it, its note;
 * and its "Ações do pedido" menu — "Marcar como pago" at once, "Cancelar pedido" after a
 * confirmation (a cancelled order counts nowhere, docs/orders.md).
 */
import { Badge, Group, Menu, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowActionsMenu } from '../../../components/RowActionsMenu';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import type { Order } from '../api/schemas';
import { useUpdateOrder } from '../api/update-order';
import { itemsSummary, orderActions, paymentLabel, sourceLabel, statusColor, statusLabel } from '../format';
import classes from './orders.module.css';

export function OrderRow({ order }: { order: Order }) {
  const update = useUpdateOrder();
  const [confirming, setConfirming] = useState(false);
  const value = formatMoney(order.valueCents);
  const when = formatDateTime(order.orderedAt);
  const cancelled = order.status === 'cancelled';
  const actions = orderActions(order);
  const summary = itemsSummary(order.items);
  const payment = paymentLabel(order.paymentMethod);

  function change(status: 'paid' | 'cancelled') {
    update.mutate(
      { id: order.id, changes: { status } },
      {
        onSuccess: () => {
          setConfirming(false);
          notifications.show(
            status === 'paid'
              ? { color: 'teal', title: 'Pedido pago', message: `O pedido de ${value} foi marcado como pago.` }
              : { color: 'gray', title: 'Pedido cancelado', message: `O pedido de ${value} não conta mais.` },
          );
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: status === 'paid' ? 'Não foi possível marcar como pago' : 'Não foi possível cancelar o pedido',
            message: errorMessage(error),
          }),
      },
    );
  }

  return (
    <li className={classes.order} data-testid="order" data-order-id={order.id} data-status={order.status}>
      <Stack gap={2}>
        <Group justify="space-between" gap={6} wrap="nowrap" align="center">
          <Group gap={8} wrap="wrap" miw={0}>
            <Text fw={700} size="sm" td={cancelled ? 'line-through' : undefined} c={cancelled ? 'dimmed' : undefined}>
              {value}
            </Text>
            <Badge size="sm" variant="dot" color={statusColor(order.status)} tt="none" fw={500}>
              {statusLabel(order.status)}
            </Badge>
          </Group>
          {actions.pay || actions.cancel ? (
            <RowActionsMenu label={`Ações do pedido de ${value} (${when})`}>
              {actions.pay ? (
                <Menu.Item
                  leftSection={<IconCircleCheck size={16} />}
                  disabled={update.isPending}
                  onClick={() => change('paid')}
                >
                  Marcar como pago
                </Menu.Item>
              ) : null}
              {actions.cancel ? (
                <Menu.Item
                  color="red"
                  leftSection={<IconCircleX size={16} />}
                  disabled={update.isPending}
                  onClick={() => setConfirming(true)}
                >
                  Cancelar pedido
                </Menu.Item>
              ) : null}
            </RowActionsMenu>
          ) : null}
        </Group>
        {summary ? (
          <Text size="sm" className={classes.breakAnywhere}>
            {summary}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {payment ? `${payment} · ` : ''}
          <time dateTime={order.orderedAt}>{when}</time>
        </Text>
        <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
          {sourceLabel(order.source)}
          {order.registeredBy ? ` · por ${order.registeredBy}` : ''}
        </Text>
        {order.note ? (
          <Text size="xs" lineClamp={3} className={classes.breakAnywhere} title={order.note}>
            {order.note}
          </Text>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Cancelar pedido"
        confirmLabel="Cancelar pedido"
        cancelLabel="Voltar"
        loading={update.isPending}
        onConfirm={() => change('cancelled')}
        onClose={() => setConfirming(false)}
      >
        {`O pedido de ${value} (${when}) fica cancelado e deixa de contar nos relatórios.`}
      </ConfirmDialog>
    </li>
  );
}
