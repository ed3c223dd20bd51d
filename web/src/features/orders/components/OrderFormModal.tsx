/**
 * "Registrar pedido" from a conversation: the items (name, quantity, unit price typed in reais),
 * rows added and removed, with the total as they are typed — or "Só o valor", the total alone; the
 * status (Pendente unless told), how it is paid and a note. The server's 422 goes on the inputs it
 * names (`items[1].unitCents` on the second row's price), the rest above the form. Once registered
 * the dialog closes and the order is at the top of the customer's list (api/create-order.ts).
 */
import {
  ActionIcon,
  Button,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { formatMoney, moneyInputText } from '../../../lib/money';
import { useCreateOrder } from '../api/create-order';
import { PAYMENT_METHODS, type OrderStatus, type PaymentMethod } from '../api/schemas';
import { PAYMENT_LABELS, statusLabel } from '../format';
import {
  emptyItem,
  initialValues,
  ITEM_NAME_MAX,
  liveTotal,
  MAX_ITEMS,
  NOTE_MAX,
  orderFormErrors,
  orderInput,
  QUANTITY_MAX,
  validateOrder,
  type OrderMode,
  type OrderValues,
} from '../order-form';
import classes from './orders.module.css';

export interface OrderFormModalProps {
  opened: boolean;
  /** The open conversation's ticket: the order's customer and number. */
  ticketId: number;
  onClose: () => void;
}

export function OrderFormModal({ opened, ticketId, onClose }: OrderFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Registrar pedido" closeOnClickOutside={false}>
      {opened ? <OrderForm ticketId={ticketId} onClose={onClose} /> : null}
    </FormModal>
  );
}

const MODES: { value: OrderMode; label: string }[] = [
  { value: 'items', label: 'Informar itens' },
  { value: 'value', label: 'Só o valor' },
];

/** Registering a cancelled order says nothing: an order starts pending or already paid. */
const STATUS_CHOICES: OrderStatus[] = ['pending', 'paid'];

const PAYMENT_DATA = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_LABELS[method] }));

function isMode(value: string): value is OrderMode {
  return MODES.some((mode) => mode.value === value);
}

function isStatus(value: string): value is OrderStatus {
  return STATUS_CHOICES.some((status) => status === value);
}

function OrderForm({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const create = useCreateOrder();
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm<OrderValues>({ mode: 'controlled', initialValues: initialValues(), validate: validateOrder });
  const { mode, items } = form.values;
  const total = liveTotal(items);

  function submit(values: OrderValues) {
    setGeneral([]);
    create.mutate(orderInput(ticketId, values), {
      onSuccess: (order) => {
        notifications.show({
          color: 'teal',
          title: 'Pedido registrado',
          message: `${formatMoney(order.valueCents)} · ${statusLabel(order.status)}`,
        });
        onClose();
      },
      onError: (error) => {
        const errors = orderFormErrors(error, values);
        form.setErrors(errors.fields);
        setGeneral(errors.general);
      },
    });
  }

  function switchMode(next: OrderMode) {
    // "Só o valor" starts from the items' total, when there is one.
    if (next === 'value' && form.values.value.trim() === '' && total > 0) {
      form.setFieldValue('value', moneyInputText(total));
    }
    form.setFieldValue('mode', next);
    form.clearErrors();
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormAlert messages={general} />
        <SegmentedControl
          aria-label="Como informar o pedido"
          data={MODES}
          value={mode}
          onChange={(value) => {
            if (isMode(value)) switchMode(value);
          }}
          fullWidth
        />
        {mode === 'items' ? (
          <Stack gap="xs">
            {items.map((row, index) => (
              <div key={row.key} role="group" aria-label={`Item ${index + 1}`} className={classes.itemRow}>
                <TextInput
                  label="Item"
                  placeholder="Ex.: Pizza grande"
                  required
                  maxLength={ITEM_NAME_MAX}
                  autoComplete="off"
                  className={classes.itemName}
                  data-autofocus={index === 0 ? true : undefined}
                  {...form.getInputProps(`items.${index}.name`)}
                />
                <NumberInput
                  label="Quantidade"
                  required
                  min={1}
                  max={QUANTITY_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="strict"
                  {...form.getInputProps(`items.${index}.quantity`)}
                />
                <TextInput
                  label="Preço unitário"
                  required
                  placeholder="0,00"
                  inputMode="decimal"
                  autoComplete="off"
                  leftSection={
                    <Text size="sm" c="dimmed" aria-hidden>
                      R$
                    </Text>
                  }
                  {...form.getInputProps(`items.${index}.unit`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  className={classes.itemRemove}
                  aria-label={`Remover item ${index + 1}`}
                  disabled={items.length === 1}
                  onClick={() => form.removeListItem('items', index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </div>
            ))}
            <Group justify="space-between" gap="xs">
              <Button
                variant="subtle"
                size="sm"
                leftSection={<IconPlus size={16} />}
                disabled={items.length >= MAX_ITEMS}
                onClick={() => form.insertListItem('items', emptyItem())}
              >
                Adicionar item
              </Button>
              <Text fw={700} aria-live="polite" data-testid="order-total">
                Total: {formatMoney(total)}
              </Text>
            </Group>
            {form.errors.total ? (
              <Text size="sm" c="red.8" role="alert">
                {form.errors.total}
              </Text>
            ) : null}
          </Stack>
        ) : (
          <TextInput
            label="Valor total"
            description="O valor do pedido, sem listar os itens."
            required
            placeholder="0,00"
            inputMode="decimal"
            autoComplete="off"
            data-autofocus
            leftSection={
              <Text size="sm" c="dimmed" aria-hidden>
                R$
              </Text>
            }
            {...form.getInputProps('value')}
          />
        )}
        <Input.Wrapper label="Situação" labelElement="div" error={form.errors.status}>
          <SegmentedControl
            aria-label="Situação"
            data={STATUS_CHOICES.map((status) => ({ value: status, label: statusLabel(status) }))}
            value={form.values.status}
            onChange={(value) => {
              if (isStatus(value)) form.setFieldValue('status', value);
            }}
            fullWidth
            mt={4}
          />
        </Input.Wrapper>
        <Select<PaymentMethod>
          label="Forma de pagamento"
          placeholder="Não informada"
          data={PAYMENT_DATA}
          clearable
          error={form.errors.paymentMethod}
          value={form.values.paymentMethod}
          onChange={(value) => form.setFieldValue('paymentMethod', value)}
          comboboxProps={{ withinPortal: true }}
        />
        <Textarea
          label="Observação"
          placeholder="Ex.: entregar depois das 18h"
          autosize
          minRows={2}
          maxRows={5}
          maxLength={NOTE_MAX}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Registrar pedido
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
