/**
 * "Editar" in a customer's detail (`PUT /api/customers/{id}` `{name, email}`): their name and
 * e-mail, as an agent fixing a name or a CRM would. Checked here (a name is required, at most 120
 * characters) and again by the server, whose 422 `invalid_customer` is said under the field it
 * names, which takes the focus; any other refusal (403 `customer_forbidden`: only managers and who
 * serves the customer) above the fields. An empty e-mail removes it.
 */
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { FormModal } from '../../../components/FormModal';
import { formErrors } from '../../../lib/api-errors';
import type { Customer } from '../api/schemas';
import { MAX_CUSTOMER_NAME, useUpdateCustomer } from '../api/update-customer';

type Subject = Pick<Customer, 'id' | 'name' | 'email'>;

export interface EditCustomerDialogProps {
  /** The customer edited; null when closed. */
  customer: Subject | null;
  onClose: () => void;
}

export function EditCustomerDialog({ customer, onClose }: EditCustomerDialogProps) {
  const update = useUpdateCustomer();
  function close() {
    update.reset();
    onClose();
  }
  return (
    <FormModal opened={customer !== null} onClose={update.isPending ? () => undefined : close} title="Editar cliente">
      {customer ? <EditForm key={customer.id} customer={customer} update={update} onClose={close} /> : null}
    </FormModal>
  );
}

interface EditFormProps {
  customer: Subject;
  update: ReturnType<typeof useUpdateCustomer>;
  onClose: () => void;
}

function EditForm({ customer, update, onClose }: EditFormProps) {
  const [general, setGeneral] = useState<string[]>([]);
  const initial = { name: customer.name, email: customer.email ?? '' };
  const form = useForm({
    name: 'customer-form',
    mode: 'controlled',
    initialValues: initial,
    validate: {
      name: (value) => {
        const name = value.trim();
        if (name === '') return 'Informe o nome do cliente.';
        if (name.length > MAX_CUSTOMER_NAME) return `Use até ${MAX_CUSTOMER_NAME} caracteres.`;
        return null;
      },
    },
  });
  const unchanged =
    form.values.name.trim() === initial.name.trim() && form.values.email.trim() === initial.email.trim();

  function submit(values: typeof initial) {
    setGeneral([]);
    update.mutate(
      { id: customer.id, name: values.name.trim(), email: values.email.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: 'Cliente atualizado.' });
          onClose();
        },
        onError: (error) => {
          const errors = formErrors(error, { name: 'name', email: 'email' });
          form.setErrors(errors.fields);
          setGeneral(errors.general);
          const first = errors.fields.name ? 'name' : errors.fields.email ? 'email' : null;
          if (first) form.getInputNode(first)?.focus();
        },
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormAlert messages={general} />
        <TextInput
          label="Nome"
          required
          autoComplete="off"
          maxLength={MAX_CUSTOMER_NAME}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          description="Deixe em branco para remover."
          {...form.getInputProps('email')}
        />
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={update.isPending} disabled={unchanged}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
