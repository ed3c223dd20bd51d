/**
 * "Como os atendimentos são distribuídos": one row per policy — the tickets without a department
 * first, then each department by name — with its strategy and the capacity of each of its people,
 * each row saved by its own "Salvar" (the server's pt_BR refusal under the field it names). What is
 * typed stays a draft of the screen until saved, so a live refresh never overwrites it; the table
 * row and the phone's card share it.
 */
import { Badge, Button, Group, NumberInput, Radio, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ListCard, ResponsiveList } from '../../../components/ResponsiveList';
import { MAX_CAPACITY, MIN_CAPACITY, STRATEGIES_IN_ORDER, type Policy, type Strategy } from '../api/get-distribution';
import { useSetPolicy } from '../api/set-policy';
import { capacityError, saveFailure, type RowErrors } from '../errors';
import { policyKey, policyName, STRATEGY_INFO, ticketsText } from '../labels';

const HEADERS = ['Departamento', 'Estratégia', 'Capacidade por pessoa'];

const STRATEGY_DATA = STRATEGIES_IN_ORDER.map((strategy) => ({
  value: strategy,
  label: STRATEGY_INFO[strategy].label,
}));

interface Draft {
  strategy: Strategy;
  capacity: number | string;
}

interface RowProps {
  policy: Policy;
  draft: Draft;
  errors: RowErrors;
  changed: boolean;
  saving: boolean;
  onChange: (draft: Draft) => void;
  onSave: () => void;
}

function PolicyName({ policy }: { policy: Policy }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" fw={600}>
        {policyName(policy)}
      </Text>
      {policy.activated ? null : (
        <Badge color="gray" variant="light">
          Inativo
        </Badge>
      )}
    </Group>
  );
}

function StrategyField({ policy, draft, errors, onChange }: RowProps) {
  return (
    <Select<Strategy>
      aria-label={`Estratégia de ${policyName(policy)}`}
      data={STRATEGY_DATA}
      allowDeselect={false}
      value={draft.strategy}
      onChange={(value) => {
        if (value) onChange({ ...draft, strategy: value });
      }}
      error={errors.strategy}
      comboboxProps={{ withinPortal: true }}
      miw={320}
    />
  );
}

/** The phone's choice: the three strategies in full, one under the other (no truncated select). */
function StrategyChoice({ policy, draft, errors, onChange }: RowProps) {
  return (
    <Radio.Group
      label="Estratégia"
      value={draft.strategy}
      onChange={(value) => {
        const chosen = STRATEGIES_IN_ORDER.find((strategy) => strategy === value);
        if (chosen) onChange({ ...draft, strategy: chosen });
      }}
      error={errors.strategy}
      name={`strategy-${policyKey(policy)}`}
    >
      <Stack gap="xs" mt={6}>
        {STRATEGIES_IN_ORDER.map((strategy) => (
          <Radio
            key={strategy}
            value={strategy}
            label={STRATEGY_INFO[strategy].short}
            description={STRATEGY_INFO[strategy].hint}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

function CapacityField({ policy, draft, errors, onChange, label }: RowProps & { label?: string }) {
  return (
    <NumberInput
      label={label}
      aria-label={label ? undefined : `Capacidade por pessoa de ${policyName(policy)}`}
      description={label ? `De ${MIN_CAPACITY} a ${MAX_CAPACITY} atendimentos ao mesmo tempo.` : undefined}
      min={MIN_CAPACITY}
      max={MAX_CAPACITY}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      value={draft.capacity}
      onChange={(value) => onChange({ ...draft, capacity: value })}
      error={errors.capacity}
      w={{ base: '100%', md: 120 }}
    />
  );
}

function SaveButton({ policy, changed, saving, onSave, fullWidth }: RowProps & { fullWidth?: boolean }) {
  return (
    <Button
      size="sm"
      disabled={!changed}
      loading={saving}
      onClick={onSave}
      aria-label={`Salvar ${policyName(policy)}`}
      fullWidth={fullWidth}
    >
      Salvar
    </Button>
  );
}

function PolicyRow(props: RowProps) {
  const { policy } = props;
  return (
    <Table.Tr data-testid={`policy-row-${policyKey(policy)}`}>
      <Table.Td>
        <PolicyName policy={policy} />
      </Table.Td>
      <Table.Td>
        <StrategyField {...props} />
      </Table.Td>
      <Table.Td>
        <CapacityField {...props} />
      </Table.Td>
      <Table.Td ta="right">
        <SaveButton {...props} />
      </Table.Td>
    </Table.Tr>
  );
}

function PolicyCard(props: RowProps) {
  const { policy } = props;
  return (
    <ListCard data-testid={`policy-card-${policyKey(policy)}`} padding="sm">
      <Stack gap="sm">
        <PolicyName policy={policy} />
        <StrategyChoice {...props} />
        <CapacityField {...props} label="Capacidade por pessoa" />
        <SaveButton {...props} fullWidth />
      </Stack>
    </ListCard>
  );
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const rest = { ...record };
  delete rest[key];
  return rest;
}

export function PoliciesSection({ policies }: { policies: readonly Policy[] }) {
  const save = useSetPolicy();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [errors, setErrors] = useState<Record<string, RowErrors>>({});
  const [saving, setSaving] = useState<string | null>(null);

  const draftOf = (policy: Policy): Draft =>
    drafts[policyKey(policy)] ?? { strategy: policy.strategy, capacity: policy.capacity };
  const changed = (policy: Policy): boolean => {
    const draft = draftOf(policy);
    return draft.strategy !== policy.strategy || draft.capacity !== policy.capacity;
  };

  function change(policy: Policy, draft: Draft) {
    const key = policyKey(policy);
    setDrafts((current) => ({ ...current, [key]: draft }));
    setErrors((current) => ({ ...current, [key]: {} }));
  }

  function submit(policy: Policy) {
    const key = policyKey(policy);
    const draft = draftOf(policy);
    const invalid = capacityError(draft.capacity, MIN_CAPACITY, MAX_CAPACITY);
    if (invalid) {
      setErrors((current) => ({ ...current, [key]: { capacity: invalid } }));
      return;
    }
    const capacity = Number(draft.capacity);
    setSaving(key);
    save.mutate(
      { departmentId: policy.departmentId, strategy: draft.strategy, capacity },
      {
        onSuccess: (saved) => {
          setDrafts((current) => without(current, key));
          setErrors((current) => without(current, key));
          notifications.show({
            color: 'teal',
            title: 'Distribuição salva',
            message: `${policyName(saved)}: ${STRATEGY_INFO[saved.strategy].short}, até ${ticketsText(saved.capacity)} por pessoa.`,
          });
        },
        onError: (error) => {
          const failure = saveFailure(error);
          setErrors((current) => ({ ...current, [key]: failure.fields }));
          if (failure.general) {
            notifications.show({
              color: 'red',
              title: 'Não foi possível salvar a distribuição',
              message: failure.general,
            });
          }
        },
        onSettled: () => setSaving(null),
      },
    );
  }

  const rowProps = (policy: Policy): RowProps => ({
    policy,
    draft: draftOf(policy),
    errors: errors[policyKey(policy)] ?? {},
    changed: changed(policy),
    saving: saving === policyKey(policy),
    onChange: (draft) => change(policy, draft),
    onSave: () => submit(policy),
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="distribution-policies-title">
      <Stack gap={4}>
        <Title order={2} size="h4" id="distribution-policies-title">
          Como os atendimentos são distribuídos
        </Title>
        <Text size="sm" c="dimmed">
          As estratégias automáticas só entregam um atendimento a quem está Disponível (não Ausente), vinculado ao
          número do atendimento e com espaço na sua capacidade.
        </Text>
      </Stack>
      <ResponsiveList
        items={policies}
        getKey={policyKey}
        headers={HEADERS}
        renderRow={(policy) => <PolicyRow {...rowProps(policy)} />}
        renderCard={(policy) => <PolicyCard {...rowProps(policy)} />}
      />
    </Stack>
  );
}
