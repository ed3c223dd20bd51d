/**
 * Set a tenant's plan and limits (docs/contracts.md#api-calls, `POST /api/tenant/set-plan {id, plan,
 * user, ticket}`). The limits start at the tenant's current ones; emptying one takes the plan's
 * default (named under the field, from `GET /api/tenant/plans`).
 */
import { Button, Group, Modal, Select, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { formErrors } from '../../../lib/api-errors';
import type { Tenant } from '../api/get-tenants';
import { useSetTenantPlan } from '../api/set-tenant-plan';
import { planName, type TenantPlans } from '../api/get-tenant-plans';
import { limitValue, validateLimit } from '../limits';
import { LimitInput } from './LimitInput';
import { PlansGate } from './PlansGate';

interface FormValues {
  plan: string;
  user: number | string;
  ticket: number | string;
}

export function TenantPlanModal({ tenant, onClose }: { tenant: Tenant | null; onClose: () => void }) {
  return (
    <Modal opened={tenant !== null} onClose={onClose} title={tenant ? `Plano e limites: ${tenant.name}` : ''} centered>
      {tenant ? (
        <PlansGate>
          {(catalogue) => <PlanForm key={tenant.id} tenant={tenant} catalogue={catalogue} onDone={onClose} />}
        </PlansGate>
      ) : null}
    </Modal>
  );
}

function PlanForm({ tenant, catalogue, onDone }: { tenant: Tenant; catalogue: TenantPlans; onDone: () => void }) {
  const setPlan = useSetTenantPlan();
  const [general, setGeneral] = useState<string[]>([]);
  const known = catalogue.plans.some((plan) => plan.code === tenant.plan);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { plan: tenant.plan, user: tenant.userLimit, ticket: tenant.ticketLimit },
    validate: { user: validateLimit, ticket: validateLimit },
  });
  const plan = catalogue.plans.find((candidate) => candidate.code === form.values.plan);

  function submit(values: FormValues) {
    setGeneral([]);
    setPlan.mutate(
      { id: tenant.id, plan: values.plan, user: limitValue(values.user), ticket: limitValue(values.ticket) },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'teal',
            title: 'Plano salvo',
            message: `${saved.name} está no plano ${planName(catalogue, saved.plan)}.`,
          });
          onDone();
        },
        onError: (error) => {
          const errors = formErrors(error, { plan: 'plan', user: 'user', ticket: 'ticket' });
          form.setErrors(errors.fields);
          setGeneral(errors.general);
          notifications.show({ color: 'red', title: 'Não foi possível salvar o plano', message: errors.message });
        },
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormAlert messages={general} />
        <Select
          label="Plano"
          data={[
            ...catalogue.plans.map((candidate) => ({ value: candidate.code, label: candidate.name })),
            ...(known ? [] : [{ value: tenant.plan, label: tenant.plan }]),
          ]}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
          {...form.getInputProps('plan')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <LimitInput label="Limite de usuários" planDefault={plan?.user_limit} {...form.getInputProps('user')} />
          <LimitInput label="Tickets por mês" planDefault={plan?.ticket_limit} {...form.getInputProps('ticket')} />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={setPlan.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={setPlan.isPending}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
