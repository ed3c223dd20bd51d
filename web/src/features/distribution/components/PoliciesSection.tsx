/**
 * "Como os atendimentos são distribuídos": one row per policy — the tickets without a department
 * first, then each department by name — with its strategy, the capacity of each of its people and,
 * for an automatic strategy, whether the chosen person is offered the ticket first ("Oferecer antes
 * de atribuir": they have 5 to 600 s to accept before it goes to the next; off, it is given
 * directly), each row saved by its own "Salvar" (the server's pt_BR refusal under the field it
 * names). What is typed stays a draft of the screen until saved, so a live refresh never overwrites
 * it; the table row and the phone's card share it.
 */
import { Badge, Box, Group, NumberInput, Radio, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ListCard, ResponsiveList } from '../../../components/ResponsiveList';
import { RowSaveButton } from '../../../components/RowSaveButton';
import { useRowDrafts } from '../../../components/use-row-drafts';
import {
  DEFAULT_OFFER_SECONDS,
  MAX_CAPACITY,
  MAX_OFFER_SECONDS,
  MIN_CAPACITY,
  MIN_OFFER_SECONDS,
  STRATEGIES_IN_ORDER,
  type Policy,
  type Strategy,
} from '../api/get-distribution';
import { useSetPolicy } from '../api/set-policy';
import { capacityError, offerSecondsError, saveFailure, type RowErrors } from '../errors';
import { policyKey, policyName, policySummary, STRATEGY_INFO } from '../labels';

const HEADERS = ['Departamento', 'Estratégia', 'Capacidade por pessoa'];

const OFFER_LABEL = 'Oferecer antes de atribuir';
/** The table's seconds box (px): "600 s" and its arrows. */
const OFFER_INPUT_WIDTH = 96;
const OFFER_HINT = 'A pessoa escolhida tem um tempo para aceitar; sem resposta, o atendimento vai para a próxima.';

const STRATEGY_DATA = STRATEGIES_IN_ORDER.map((strategy) => ({
  value: strategy,
  label: STRATEGY_INFO[strategy].label,
}));

interface Draft {
  strategy: Strategy;
  capacity: number | string;
  /** The chosen person is offered the ticket first (an automatic strategy only). */
  offer: boolean;
  /** Seconds to accept, kept while the offer is off so switching it back finds them. */
  offerSeconds: number | string;
}

/** What a policy holds now, as a draft. */
function draftFrom(policy: Policy): Draft {
  return {
    strategy: policy.strategy,
    capacity: policy.capacity,
    offer: policy.offerSeconds !== null,
    offerSeconds: policy.offerSeconds ?? DEFAULT_OFFER_SECONDS,
  };
}

/**
 * The offer time a draft sends: null when the queue gives out nothing (manual) or the offer is
 * off; the typed seconds otherwise (checked before sending).
 */
function sentOfferSeconds(draft: Draft): number | string | null {
  return draft.strategy === 'manual' || !draft.offer ? null : draft.offerSeconds;
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

/**
 * "Oferecer antes de atribuir": a switch and, when on, the seconds to accept (60 at first) — in the
 * table under the strategy it belongs to (no column of its own: the strategy's full name keeps its
 * room), on the phone's card with its explanation. The queue (manual) offers nothing: no switch.
 */
function OfferField({ policy, draft, errors, onChange, phone }: RowProps & { phone?: boolean }) {
  if (draft.strategy === 'manual') return null;
  const name = policyName(policy);
  const seconds = draft.offer ? (
    <NumberInput
      label={phone ? 'Tempo para aceitar' : undefined}
      aria-label={phone ? undefined : `Segundos para aceitar a oferta em ${name}`}
      description={phone ? `De ${MIN_OFFER_SECONDS} a ${MAX_OFFER_SECONDS} segundos.` : undefined}
      min={MIN_OFFER_SECONDS}
      max={MAX_OFFER_SECONDS}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      suffix=" s"
      value={draft.offerSeconds}
      onChange={(value) => onChange({ ...draft, offerSeconds: value })}
      error={errors.offerSeconds}
      size={phone ? undefined : 'xs'}
      // In the table the box is narrow, its error as wide as the rest of the line — and no wider
      // (from a zero basis: a long error never widens the column).
      w={phone ? '100%' : 0}
      flex={phone ? undefined : 1}
      miw={phone ? undefined : OFFER_INPUT_WIDTH}
      inputContainer={phone ? undefined : (input) => <Box w={OFFER_INPUT_WIDTH}>{input}</Box>}
    />
  ) : null;
  const toggle = (
    <Switch
      label={OFFER_LABEL}
      description={phone ? OFFER_HINT : undefined}
      // In the table every row has one: its name says whose (the words shown come first).
      aria-label={phone ? undefined : `${OFFER_LABEL} em ${name}`}
      checked={draft.offer}
      onChange={(event) => onChange({ ...draft, offer: event.currentTarget.checked })}
      mt={phone ? undefined : 4}
    />
  );
  if (phone) {
    return (
      <Stack gap="xs">
        {toggle}
        {seconds}
      </Stack>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" mih={30}>
      {toggle}
      {seconds}
    </Group>
  );
}

function SaveButton({ policy, changed, saving, onSave, fullWidth }: RowProps & { fullWidth?: boolean }) {
  return (
    <RowSaveButton
      label={`Salvar ${policyName(policy)}`}
      changed={changed}
      saving={saving}
      onSave={onSave}
      fullWidth={fullWidth}
    />
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
        <Stack gap="xs">
          <StrategyField {...props} />
          <OfferField {...props} />
        </Stack>
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
        <OfferField {...props} phone />
        <SaveButton {...props} fullWidth />
      </Stack>
    </ListCard>
  );
}

export function PoliciesSection({ policies }: { policies: readonly Policy[] }) {
  const save = useSetPolicy();
  const rows = useRowDrafts<string, Draft, RowErrors>();

  const draftOf = (policy: Policy): Draft => rows.draft(policyKey(policy)) ?? draftFrom(policy);
  const changed = (policy: Policy): boolean => {
    const draft = draftOf(policy);
    if (draft.strategy !== policy.strategy || draft.capacity !== policy.capacity) return true;
    // The queue's offer time is not shown, so it is no change to save.
    return draft.strategy !== 'manual' && sentOfferSeconds(draft) !== policy.offerSeconds;
  };

  function submit(policy: Policy) {
    const key = policyKey(policy);
    const draft = draftOf(policy);
    const offer = sentOfferSeconds(draft);
    const invalid: RowErrors = {};
    const capacityInvalid = capacityError(draft.capacity, MIN_CAPACITY, MAX_CAPACITY);
    if (capacityInvalid) invalid.capacity = capacityInvalid;
    const offerInvalid = offer === null ? null : offerSecondsError(offer, MIN_OFFER_SECONDS, MAX_OFFER_SECONDS);
    if (offerInvalid) invalid.offerSeconds = offerInvalid;
    if (Object.keys(invalid).length > 0) {
      rows.refuse(key, invalid);
      return;
    }
    const capacity = Number(draft.capacity);
    const offerSeconds = offer === null ? null : Number(offer);
    rows.setSaving(key);
    save.mutate(
      { departmentId: policy.departmentId, strategy: draft.strategy, capacity, offerSeconds },
      {
        onSuccess: (saved) => {
          rows.forget(key);
          notifications.show({
            color: 'teal',
            title: 'Distribuição salva',
            message: policySummary(saved),
          });
        },
        onError: (error) => rows.fail(key, saveFailure(error), 'Não foi possível salvar a distribuição'),
        onSettled: () => rows.setSaving(null),
      },
    );
  }

  const rowProps = (policy: Policy): RowProps => ({
    policy,
    draft: draftOf(policy),
    errors: rows.errors(policyKey(policy)) ?? {},
    changed: changed(policy),
    saving: rows.isSaving(policyKey(policy)),
    onChange: (draft) => rows.edit(policyKey(policy), draft),
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
        <Text size="sm" c="dimmed">
          Com “{OFFER_LABEL}”, a pessoa escolhida recebe um pedido e tem alguns segundos para aceitar; se recusar ou não
          responder, o atendimento vai para a próxima.
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
