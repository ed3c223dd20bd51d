/**
 * Set a tenant's plan and limits (docs/contracts.md#api-calls, `POST /api/tenant/set-plan {id, plan,
 * user, ticket, media}`: a null limit is the plan's; media in MB). An empty field means "the plan's"
 * (its default is named under the field, from `GET /api/tenant/plans`); the server stores numbers
 * only, so a limit equal to its plan's default starts empty. Choosing another plan empties the
 * limits the person has not typed here, so they become the new plan's: a Pro → Enterprise change
 * must not keep Pro's 10.000 tickets a month as an explicit limit. Errors show once, in the form (no
 * toast).
 */
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { formErrors } from '../../../lib/api-errors';
import type { Tenant } from '../api/get-tenants';
import { useSetTenantPlan } from '../api/set-tenant-plan';
import { planName, type TenantPlans } from '../api/get-tenant-plans';
import { formatMediaLimit, limitValue, validateLimit } from '../limits';
import { LimitInput } from './LimitInput';
import { PlansGate } from './PlansGate';

interface FormValues {
  plan: string;
  user: number | string;
  ticket: number | string;
  media: number | string;
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

/** A limit as the form shows it: empty when it is the plan's default (unknown plan: the number). */
function shownLimit(limit: number, planDefault: number | undefined): number | string {
  return planDefault !== undefined && limit === planDefault ? '' : limit;
}

function PlanForm({ tenant, catalogue, onDone }: { tenant: Tenant; catalogue: TenantPlans; onDone: () => void }) {
  const setPlan = useSetTenantPlan();
  const [general, setGeneral] = useState<string[]>([]);
  const current = catalogue.plans.find((plan) => plan.code === tenant.plan);
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      plan: tenant.plan,
      user: shownLimit(tenant.userLimit, current?.user_limit),
      ticket: shownLimit(tenant.ticketLimit, current?.ticket_limit),
      media: shownLimit(tenant.mediaLimitMb, current?.media_limit_mb),
    },
    validate: { user: validateLimit, ticket: validateLimit, media: validateLimit },
  });
  const plan = catalogue.plans.find((candidate) => candidate.code === form.values.plan);
  const planChanged = form.values.plan !== tenant.plan;

  /** Another plan: the limits not typed here become the new plan's (empty). */
  function choosePlan(code: string | null) {
    if (code === null) return;
    form.setFieldValue('plan', code);
    for (const field of ['user', 'ticket', 'media'] as const) {
      if (!form.isDirty(field)) form.setFieldValue(field, '');
    }
  }

  function submit(values: FormValues) {
    setGeneral([]);
    setPlan.mutate(
      {
        id: tenant.id,
        plan: values.plan,
        user: limitValue(values.user),
        ticket: limitValue(values.ticket),
        media: limitValue(values.media),
      },
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
          // Once, in the form: next to the field it names, or above the fields.
          const errors = formErrors(error, { plan: 'plan', user: 'user', ticket: 'ticket', media: 'media' });
          form.setErrors(errors.fields);
          setGeneral(errors.general);
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
            ...(current ? [] : [{ value: tenant.plan, label: tenant.plan }]),
          ]}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
          {...form.getInputProps('plan')}
          onChange={choosePlan}
        />
        {planChanged ? (
          <Text size="sm" c="dimmed" role="status">
            Com a troca de plano, os limites vazios passam a ser os do plano {plan?.name ?? form.values.plan}. Preencha
            um campo só para dar um limite próprio.
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <LimitInput label="Limite de usuários" planDefault={plan?.user_limit} {...form.getInputProps('user')} />
          <LimitInput label="Tickets por mês" planDefault={plan?.ticket_limit} {...form.getInputProps('ticket')} />
          <LimitInput
            label="Limite de mídia (MB)"
            planDefault={plan?.media_limit_mb}
            formatDefault={formatMediaLimit}
            {...form.getInputProps('media')}
          />
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
