/**
 * "Pedidos" in a conversation's customer panel (docs/orders.md): the customer's orders the viewer
 * may see, newest first ("Carregar mais" while there are more), each with its menu (OrderRow); and
 * "Registrar pedido" for whoever may write on the open conversation (the composer's rule: theirs,
 * or a manager's, open — the inbox says, `canRegister`). Live: the socket's `OrderChanged` writes
 * into the same list (realtime.ts).
 */
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBasketPlus } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { LoadMore } from '../../../components/LoadMore';
import { useCustomerOrders } from '../api/get-customer-orders';
import { OrderFormModal } from './OrderFormModal';
import { OrderRow } from './OrderRow';
import classes from './orders.module.css';

export interface CustomerOrdersProps {
  customerId: number;
  /** The open conversation's ticket: an order registered here belongs to it. */
  ticketId: number;
  /** The viewer may write on the open conversation ("Registrar pedido"). */
  canRegister: boolean;
  /** The section's heading level (the panel's sub-headings'). */
  headingOrder?: 3 | 4;
}

export function CustomerOrders({ customerId, ticketId, canRegister, headingOrder = 3 }: CustomerOrdersProps) {
  const orders = useCustomerOrders(customerId);
  const [registering, setRegistering] = useState(false);
  const headingId = useId();
  const rows = useMemo(() => orders.data?.pages.flatMap((page) => page.data) ?? [], [orders.data]);

  let content;
  if (orders.isPending) {
    content = (
      <Stack gap={6} aria-busy="true" aria-label="Carregando pedidos">
        <Skeleton height={14} width="60%" />
        <Skeleton height={12} width="85%" />
      </Stack>
    );
  } else if (orders.isError) {
    content = (
      <LoadError
        title="Não foi possível carregar os pedidos."
        error={orders.error}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
      />
    );
  } else if (rows.length === 0) {
    content = (
      <Text size="sm" c="dimmed">
        Nenhum pedido ainda.
      </Text>
    );
  } else {
    content = (
      <ul className={classes.list} aria-labelledby={headingId}>
        {rows.map((order) => (
          <OrderRow key={order.id} order={order} />
        ))}
      </ul>
    );
  }

  return (
    <Stack gap={8} data-testid="customer-orders">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Title order={headingOrder} size="h6" id={headingId}>
          Pedidos
        </Title>
        {canRegister ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconBasketPlus size={16} />}
            onClick={() => setRegistering(true)}
          >
            Registrar pedido
          </Button>
        ) : null}
      </Group>
      {content}
      {orders.isSuccess ? <LoadMore query={orders} /> : null}
      {canRegister ? (
        <OrderFormModal opened={registering} ticketId={ticketId} onClose={() => setRegistering(false)} />
      ) : null}
    </Stack>
  );
}
