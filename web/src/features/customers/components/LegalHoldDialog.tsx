/**
 * A customer's legal hold (docs/privacy.md#legal-hold; `PUT /api/customers/{id}/legal-hold`):
 * "Registrar retenção legal" asks the reason — a lawsuit, a tax audit, an authority's request —,
 * required and at most 500 characters, and while it stands the customer cannot be erased;
 * "Retirar retenção legal" lifts it after confirming. The server's refusal is said under the field
 * (422 on `reason`) or above it (409 `customer_erased`…); lifting's refusal in a notification.
 */
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { errorMessage, formErrors } from '../../../lib/api-errors';
import type { Customer } from '../api/schemas';
import { MAX_HOLD_REASON, useSetLegalHold } from '../api/set-legal-hold';
import { displayName } from '../format';
import classes from './customers.module.css';

type Subject = Pick<Customer, 'id' | 'name' | 'phone'>;

export interface SetLegalHoldDialogProps {
  /** The customer whose data must be kept; null when closed. */
  customer: Subject | null;
  onClose: () => void;
}

export function SetLegalHoldDialog({ customer, onClose }: SetLegalHoldDialogProps) {
  const hold = useSetLegalHold();
  function close() {
    hold.reset();
    onClose();
  }
  return (
    <FormModal
      opened={customer !== null}
      onClose={hold.isPending ? () => undefined : close}
      title="Registrar retenção legal"
    >
      {customer ? <HoldForm key={customer.id} customer={customer} hold={hold} onClose={close} /> : null}
    </FormModal>
  );
}

interface HoldFormProps {
  customer: Subject;
  hold: ReturnType<typeof useSetLegalHold>;
  onClose: () => void;
}

function HoldForm({ customer, hold, onClose }: HoldFormProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [general, setGeneral] = useState<string[]>([]);
  const field = useRef<HTMLTextAreaElement>(null);
  const name = displayName(customer);

  function submit(event: FormEvent) {
    event.preventDefault();
    setGeneral([]);
    const text = reason.trim();
    if (text === '') {
      setError('Informe o motivo da retenção.');
      field.current?.focus();
      return;
    }
    hold.mutate(
      { id: customer.id, reason: text },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: 'Retenção legal registrada',
            message: `Os dados de ${name} não podem ser anonimizados enquanto ela valer.`,
          });
          onClose();
        },
        onError: (failure) => {
          const errors = formErrors(failure, { reason: 'reason' });
          setError(errors.fields.reason ?? null);
          setGeneral(errors.general);
          if (errors.fields.reason) field.current?.focus();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Enquanto houver retenção legal, os dados de <strong>{name}</strong> não podem ser anonimizados — por exemplo,
          durante um processo judicial, uma fiscalização ou a pedido de uma autoridade.
        </Text>
        <FormAlert messages={general} />
        <Textarea
          ref={field}
          label="Motivo"
          description={`Aparece no painel e na recusa de uma anonimização. ${reason.length}/${MAX_HOLD_REASON} caracteres`}
          placeholder="Ex.: Processo 0001234-56.2026.8.26.0100"
          required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={MAX_HOLD_REASON}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            if (error) setError(null);
          }}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onClose} disabled={hold.isPending}>
            Cancelar
          </Button>
          <Button type="submit" leftSection={<IconLock size={16} aria-hidden />} loading={hold.isPending}>
            Registrar retenção
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface LiftLegalHoldDialogProps {
  /** The customer whose hold is lifted, with its reason; null when closed. */
  customer: (Subject & { reason: string }) | null;
  onClose: () => void;
}

export function LiftLegalHoldDialog({ customer: asked, onClose }: LiftLegalHoldDialogProps) {
  const hold = useSetLegalHold();
  // The texts stay those of the customer asked about while the dialog closes.
  const [last, setLast] = useState(asked);
  if (asked !== null && asked !== last) setLast(asked);
  const customer = asked ?? last;
  const name = customer ? displayName(customer) : '';

  function confirm() {
    if (!customer) return;
    hold.mutate(
      { id: customer.id, reason: null },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: 'Retenção legal retirada',
            message: `Os dados de ${name} voltam a poder ser anonimizados a pedido do titular.`,
          });
          onClose();
        },
        onError: (failure) =>
          notifications.show({
            color: 'red',
            title: 'Não foi possível retirar a retenção legal',
            message: errorMessage(failure),
          }),
      },
    );
  }

  return (
    <ConfirmDialog
      opened={asked !== null}
      title="Retirar retenção legal"
      confirmLabel="Retirar retenção"
      color="indigo.7"
      loading={hold.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Stack gap="xs">
        <Text size="sm">
          Os dados de <strong>{name}</strong> voltam a poder ser anonimizados a pedido do titular.
        </Text>
        {customer ? (
          <Text size="sm" c="dimmed" className={classes.breakAnywhere}>
            Motivo registrado: {customer.reason}
          </Text>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
