/**
 * Create (provision) a tenant (docs/contracts.md#api-calls, `POST /api/tenant`): name (the first
 * label of its host), CNPJ, plan, template, pool, limits (empty = the plan's) and features (the
 * plan's unless chosen here). Plans, their default limits and options, and the feature labels come
 * from `GET /api/tenant/plans`; choosing the options starts from the chosen plan's. The CNPJ is
 * masked while typed (`00.000.000/0000-00`) and checked as the server does. Errors show once, in
 * the form — under the field they name, or above the fields — and the first wrong field is focused.
 */
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { FormModal } from '../../../components/FormModal';
import { FormAlert } from '../../../components/FormAlert';
import { formErrors } from '../../../lib/api-errors';
import { useCreateTenant } from '../api/create-tenant';
import type { TenantPlans } from '../api/get-tenant-plans';
import { formatMediaLimit, limitValue, maskCnpj, validateCnpj, validateLimit } from '../limits';
import { LimitInput } from './LimitInput';
import { TEMPLATES } from '../templates';
import { PlansGate } from './PlansGate';

/** DNS label rules (docs/tenancy.md; the server also refuses reserved names). */
const TENANT_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const FIELD_MAP: Record<string, string> = {
  name: 'name',
  cnpj: 'cnpj',
  plan: 'plan',
  template: 'template',
  pool: 'pool',
  userLimit: 'userLimit',
  ticketLimit: 'ticketLimit',
  mediaLimitMb: 'mediaLimitMb',
  features: 'features',
};

interface FormValues {
  name: string;
  cnpj: string;
  plan: string;
  template: string;
  pool: string;
  userLimit: number | string;
  ticketLimit: number | string;
  mediaLimitMb: number | string;
  chooseFeatures: boolean;
  features: string[];
}

function validateTenantName(value: string): string | null {
  const name = value.trim();
  if (name === '') return 'O campo nome é obrigatório';
  if (name.length < 2 || !TENANT_NAME.test(name)) {
    return 'Use de 2 a 63 letras minúsculas, números ou hífens, sem hífen no começo nem no fim.';
  }
  return null;
}

export function TenantFormModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Novo tenant">
      {opened ? <PlansGate>{(catalogue) => <TenantForm catalogue={catalogue} onDone={onClose} />}</PlansGate> : null}
    </FormModal>
  );
}

/** Moves the focus to the first field of the form marked wrong (after the errors are rendered). */
function focusFirstInvalid(formId: string) {
  window.setTimeout(
    () => document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    0,
  );
}

function TenantForm({ catalogue, onDone }: { catalogue: TenantPlans; onDone: () => void }) {
  const create = useCreateTenant();
  const [general, setGeneral] = useState<string[]>([]);
  const formId = useId();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      name: '',
      cnpj: '',
      // The cheapest plan (the server lists them cheapest first).
      plan: catalogue.plans[0]?.code ?? '',
      template: 'default',
      pool: 'default',
      userLimit: '',
      ticketLimit: '',
      mediaLimitMb: '',
      chooseFeatures: false,
      features: [],
    },
    validate: {
      name: validateTenantName,
      cnpj: validateCnpj,
      userLimit: validateLimit,
      ticketLimit: validateLimit,
      mediaLimitMb: validateLimit,
      pool: (value) => (value.trim() === '' ? 'O campo pool é obrigatório' : null),
      plan: (value) => (value === '' ? 'Escolha um plano.' : null),
    },
  });
  const plan = catalogue.plans.find((candidate) => candidate.code === form.values.plan);
  const planFeatures = plan
    ? catalogue.features.filter((feature) => plan.features.includes(feature.option)).map((feature) => feature.label)
    : [];

  /** Turning "choose the options" on starts from the chosen plan's options. */
  function chooseFeatures(on: boolean) {
    form.setFieldValue('chooseFeatures', on);
    if (on) form.setFieldValue('features', plan?.features ?? []);
  }

  function submit(values: FormValues) {
    setGeneral([]);
    const cnpj = values.cnpj.trim();
    create.mutate(
      {
        name: values.name.trim(),
        cnpj: cnpj === '' ? null : cnpj,
        plan: values.plan,
        template: values.template,
        pool: values.pool.trim(),
        userLimit: limitValue(values.userLimit),
        ticketLimit: limitValue(values.ticketLimit),
        mediaLimitMb: limitValue(values.mediaLimitMb),
        ...(values.chooseFeatures
          ? {
              features: catalogue.features.map(({ option }) => ({ option, enabled: values.features.includes(option) })),
            }
          : {}),
      },
      {
        onSuccess: (tenant) => {
          notifications.show({ color: 'teal', title: 'Tenant criado', message: `${tenant.name} foi provisionado.` });
          onDone();
        },
        onError: (error) => {
          // Once, in the form (no toast repeating it).
          const errors = formErrors(error, FIELD_MAP);
          form.setErrors(errors.fields);
          setGeneral(errors.general);
          focusFirstInvalid(formId);
        },
      },
    );
  }

  return (
    <form id={formId} onSubmit={form.onSubmit(submit, () => focusFirstInvalid(formId))} noValidate>
      <Stack gap="md">
        <FormAlert messages={general} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Nome"
            description="O começo do endereço: nome.seu-dominio"
            required
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('name')}
          />
          <TextInput
            label="CNPJ"
            placeholder="00.000.000/0000-00"
            autoComplete="off"
            inputMode="numeric"
            {...form.getInputProps('cnpj')}
            onChange={(event) => form.setFieldValue('cnpj', maskCnpj(event.currentTarget.value))}
          />
          <Select
            label="Plano"
            data={catalogue.plans.map((candidate) => ({ value: candidate.code, label: candidate.name }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('plan')}
          />
          <Select
            label="Modelo"
            data={TEMPLATES.map((template) => ({ value: template.code, label: template.label }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('template')}
          />
          <LimitInput label="Limite de usuários" planDefault={plan?.user_limit} {...form.getInputProps('userLimit')} />
          <LimitInput
            label="Limite de tickets por mês"
            planDefault={plan?.ticket_limit}
            {...form.getInputProps('ticketLimit')}
          />
          <LimitInput
            label="Limite de mídia (MB)"
            planDefault={plan?.media_limit_mb}
            formatDefault={formatMediaLimit}
            {...form.getInputProps('mediaLimitMb')}
          />
        </SimpleGrid>
        <TextInput
          label="Pool"
          description="Cluster de banco de dados do tenant"
          required
          {...form.getInputProps('pool')}
        />
        <Stack gap="xs">
          <Switch
            label="Escolher as opções agora"
            description={
              planFeatures.length > 0
                ? `Desligado: valem as opções do plano (${planFeatures.join(', ')}).`
                : 'Desligado: valem as opções do plano (nenhuma).'
            }
            checked={form.values.chooseFeatures}
            onChange={(event) => chooseFeatures(event.currentTarget.checked)}
          />
          {form.values.chooseFeatures ? (
            <Checkbox.Group label="Opções ligadas" {...form.getInputProps('features')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
                {catalogue.features.map((feature) => (
                  <Checkbox key={feature.option} value={feature.option} label={feature.label} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          ) : null}
        </Stack>
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Criar tenant
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
