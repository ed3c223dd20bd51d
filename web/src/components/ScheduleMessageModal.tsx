/**
 * "Agendar mensagem": a text sent to a customer, by one of the company's numbers, at a São Paulo day
 * and time (lib/send-at.ts) — scheduled from a conversation's customer panel (features/inbox) or
 * changed from the scheduled messages screen (features/scheduled-messages), which share it here.
 * The text (up to 4.096 characters, counted), the day and time (tomorrow 09:00 unless changed, or a
 * quick choice), and "Cancelar se o cliente escrever antes" (on by default). What the server refuses
 * shows under its field — a moment it does not take (`invalid_send_at`) under the day, a text under
 * the text — which takes the focus; anything else above the fields. Saved: "Mensagem agendada para
 * qui., 10/12 às 09:00", and the lists of scheduled messages are read again.
 */
import { Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formErrors } from '../lib/api-errors';
import { ApiError } from '../lib/http';
import { formatPhone } from '../lib/phone';
import {
  createScheduledMessage,
  isScheduledMessagesQuery,
  MAX_SCHEDULED_BODY,
  updateScheduledMessage,
  type NewScheduled,
  type Scheduled,
  type ScheduledChanges,
} from '../lib/scheduled-messages';
import { formatSendAt, sendAtError, toSendAt, tomorrowAt, wallClockOf } from '../lib/send-at';
import { FormAlert } from './FormAlert';
import { FormModal } from './FormModal';
import { SendAtFields } from './SendAtFields';

interface Named {
  id: number;
  name: string;
}

/** A new message for a customer by a number (the conversation's), or a scheduled one to change. */
export type ScheduleTarget =
  { kind: 'new'; customer: Named & { phone: string }; instance: Named } | { kind: 'edit'; scheduled: Scheduled };

export interface ScheduleMessageModalProps {
  opened: boolean;
  target: ScheduleTarget | null;
  onClose: () => void;
}

export function ScheduleMessageModal({ opened, target, onClose }: ScheduleMessageModalProps) {
  return (
    <FormModal
      opened={opened && target !== null}
      onClose={onClose}
      title={target?.kind === 'edit' ? 'Editar agendamento' : 'Agendar mensagem'}
    >
      {opened && target ? (
        <ScheduleForm key={target.kind === 'edit' ? target.scheduled.id : 'new'} target={target} onClose={onClose} />
      ) : null}
    </FormModal>
  );
}

interface Values {
  body: string;
  date: string;
  time: string;
  cancelIfCustomerWrites: boolean;
}

/** The server's field names → the form's. */
const FIELDS = { body: 'body', sendAt: 'date', cancelIfCustomerWrites: 'cancelIfCustomerWrites' };
/** The server's codes that name a field without `errors[]`. */
const CODE_FIELDS: Record<string, keyof Values> = {
  invalid_send_at: 'date',
  empty_message: 'body',
  message_too_long: 'body',
};

function initialValues(target: ScheduleTarget, now: Date): Values {
  if (target.kind === 'edit') {
    const { scheduled } = target;
    return {
      body: scheduled.body,
      ...wallClockOf(scheduled.sendAt),
      cancelIfCustomerWrites: scheduled.cancelIfCustomerWrites,
    };
  }
  return { body: '', ...tomorrowAt(now, 9), cancelIfCustomerWrites: true };
}

function count(value: number): string {
  return value.toLocaleString('pt-BR');
}

function ScheduleForm({ target, onClose }: { target: ScheduleTarget; onClose: () => void }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ predicate: isScheduledMessagesQuery });
  const create = useMutation({ mutationFn: createScheduledMessage, onSettled: refresh });
  const update = useMutation({ mutationFn: updateScheduledMessage, onSettled: refresh });
  const [general, setGeneral] = useState<string[]>([]);
  const [initial] = useState(() => initialValues(target, new Date()));
  const form = useForm<Values>({
    // Names the fields' `data-path` (`schedule-form-date`), which `getInputNode` finds.
    name: 'schedule-form',
    mode: 'controlled',
    initialValues: initial,
    validate: {
      body: (value) => {
        if (value.trim() === '') return 'Escreva a mensagem.';
        return value.length > MAX_SCHEDULED_BODY ? `Use até ${count(MAX_SCHEDULED_BODY)} caracteres.` : null;
      },
      date: (date, values) => sendAtError({ date, time: values.time }, new Date()),
    },
  });
  const customer = target.kind === 'edit' ? target.scheduled.customer : target.customer;
  const instance = target.kind === 'edit' ? target.scheduled.instance : target.instance;
  const { values } = form;
  const unchanged =
    target.kind === 'edit' &&
    values.body.trim() === initial.body.trim() &&
    values.date === initial.date &&
    values.time === initial.time &&
    values.cancelIfCustomerWrites === initial.cancelIfCustomerWrites;

  function fail(error: unknown) {
    const errors = formErrors(error, FIELDS);
    const field = error instanceof ApiError ? CODE_FIELDS[error.code] : undefined;
    if (field && error instanceof ApiError && !errors.fields[field]) {
      errors.fields[field] = error.message;
      errors.general = errors.general.filter((message) => message !== error.message);
    }
    form.setErrors(errors.fields);
    setGeneral(errors.general);
    const first = (['body', 'date'] as const).find((name) => errors.fields[name]);
    if (first) form.getInputNode(first)?.focus();
  }

  function done(saved: Scheduled, message: string) {
    notifications.show({ color: 'teal', title: `Mensagem agendada para ${formatSendAt(saved.sendAt)}`, message });
    onClose();
  }

  function submit(submitted: Values) {
    setGeneral([]);
    const body = submitted.body.trim();
    const sendAt = toSendAt(submitted) ?? '';
    if (target.kind === 'edit') {
      const changes: ScheduledChanges = { id: target.scheduled.id };
      if (body !== initial.body.trim()) changes.body = body;
      if (submitted.date !== initial.date || submitted.time !== initial.time) changes.sendAt = sendAt;
      if (submitted.cancelIfCustomerWrites !== initial.cancelIfCustomerWrites) {
        changes.cancelIfCustomerWrites = submitted.cancelIfCustomerWrites;
      }
      update.mutate(changes, { onSuccess: (saved) => done(saved, 'Agendamento salvo.'), onError: fail });
      return;
    }
    const input: NewScheduled = {
      customerId: customer.id,
      instanceId: instance.id,
      body,
      sendAt,
      cancelIfCustomerWrites: submitted.cancelIfCustomerWrites,
    };
    create.mutate(input, {
      onSuccess: (saved) => done(saved, `${customer.name} recebe a mensagem pelo número ${instance.name}.`),
      onError: fail,
    });
  }

  const pending = create.isPending || update.isPending;
  // The day field's `data-path` (`getInputNode('date')` focuses it after a refusal).
  const { 'data-path': datePath } = form.getInputProps('date') as { 'data-path'?: string };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Stack gap={2}>
          <Text size="sm">
            Para{' '}
            <Text span fw={600}>
              {customer.name || formatPhone(customer.phone)}
            </Text>
            {customer.name ? ` · ${formatPhone(customer.phone)}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            Pelo número {instance.name}
          </Text>
        </Stack>
        <FormAlert messages={general} />
        <Textarea
          label="Mensagem"
          required
          autosize
          minRows={4}
          maxRows={10}
          maxLength={MAX_SCHEDULED_BODY}
          data-autofocus
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={`${count(values.body.length)} de ${count(MAX_SCHEDULED_BODY)} caracteres`}
          {...form.getInputProps('body')}
        />
        <SendAtFields
          value={{ date: values.date, time: values.time }}
          onChange={(next) => {
            form.setValues(next);
            form.clearFieldError('date');
          }}
          error={typeof form.errors.date === 'string' ? form.errors.date : null}
          dateInputProps={{ 'data-path': datePath }}
        />
        <Checkbox
          label="Cancelar se o cliente escrever antes"
          description="Se o cliente mandar mensagem antes do horário, esta não é enviada."
          {...form.getInputProps('cancelIfCustomerWrites', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending} disabled={unchanged}>
            {target.kind === 'edit' ? 'Salvar' : 'Agendar'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
