/**
 * "Metas de atendimento (SLA)": the company's default first, then each department — the time to the
 * first response and to the resolution (hours and minutes of open time of the calendar above; both
 * empty: no target), and "Pausar enquanto espera o cliente". A department without targets of its
 * own shows the default's, marked "Segue o padrão" (saving gives it its own); one with its own can
 * go back ("Voltar ao padrão": `DELETE`). Each row is saved by its own "Salvar", and what is typed
 * stays a draft of the screen until then; the server's pt_BR refusal goes under the field it names.
 * Tables from md up, cards below (one field under the other).
 */
import { Badge, Button, Group, Input, NumberInput, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { ListCard, ResponsiveList } from '../../../components/ResponsiveList';
import { RowSaveButton } from '../../../components/RowSaveButton';
import { useRowDrafts } from '../../../components/use-row-drafts';
import { formErrors } from '../../../lib/api-errors';
import { ApiError } from '../../../lib/http';
import { SLA_AT_RISK_PERCENT } from '../../../lib/sla';
import type { SlaPolicy } from '../api/schemas';
import { useResetSlaPolicy } from '../api/reset-sla-policy';
import { useSetSlaPolicy } from '../api/set-sla-policy';
import {
  joinMinutes,
  policyKey,
  policyName,
  policySummary,
  splitMinutes,
  targetText,
  type DurationDraft,
} from '../targets';
import classes from './service-levels.module.css';

const TITLE_ID = 'service-levels-sla-title';
const HEADERS = ['Departamento', 'Primeira resposta', 'Resolução', 'Pausar enquanto espera o cliente'];
const PAUSE_LABEL = 'Pausar enquanto espera o cliente';
const PAUSE_HINT = 'O prazo da resolução para enquanto a última palavra é da equipe.';

type Target = 'firstResponse' | 'resolution';

const TARGET_LABELS: Record<Target, string> = {
  firstResponse: 'Primeira resposta',
  resolution: 'Resolução',
};

interface Draft {
  firstResponse: DurationDraft;
  resolution: DurationDraft;
  pauseOnCustomer: boolean;
}

interface RowErrors {
  firstResponse?: string;
  resolution?: string;
}

function draftFrom(policy: SlaPolicy): Draft {
  return {
    firstResponse: splitMinutes(policy.firstResponseMinutes),
    resolution: splitMinutes(policy.resolutionMinutes),
    pauseOnCustomer: policy.pauseOnCustomer,
  };
}

function sameDuration(a: DurationDraft, b: DurationDraft): boolean {
  const minutes = (draft: DurationDraft) => {
    const value = joinMinutes(draft);
    return value.ok ? value.minutes : `${String(draft.hours)}:${String(draft.minutes)}`;
  };
  return minutes(a) === minutes(b);
}

/** The server's refusal, split for the row: under the field it names, else one message for a toast. */
function saveFailure(error: unknown): { fields: RowErrors; general: string | null } {
  const errors = formErrors(error, { firstResponseMinutes: 'firstResponse', resolutionMinutes: 'resolution' });
  const fields: RowErrors = {};
  if (errors.fields.firstResponse) fields.firstResponse = errors.fields.firstResponse;
  if (errors.fields.resolution) fields.resolution = errors.fields.resolution;
  if (Object.keys(fields).length === 0 && error instanceof ApiError && error.code === 'invalid_sla_minutes') {
    return { fields: { firstResponse: error.message }, general: null };
  }
  return { fields, general: Object.keys(fields).length > 0 ? null : errors.message };
}

interface RowProps {
  policy: SlaPolicy;
  draft: Draft;
  errors: RowErrors;
  changed: boolean;
  saving: boolean;
  resetting: boolean;
  onChange: (draft: Draft) => void;
  onSave: () => void;
  onUseDefault: () => void;
}

function PolicyName({ policy }: { policy: SlaPolicy }) {
  const isDefault = policy.departmentId === null;
  return (
    <Stack gap={4} align="flex-start" miw={0}>
      <Text size="sm" fw={600} className={classes.name}>
        {policyName(policy)}
      </Text>
      <Group gap={6} wrap="wrap">
        {isDefault ? (
          <Text size="xs" c="dimmed">
            Vale para os atendimentos sem departamento e para os departamentos que seguem o padrão.
          </Text>
        ) : policy.own ? (
          <Badge color="teal" variant="dot" size="sm">
            Metas próprias
          </Badge>
        ) : (
          <Badge color="gray" variant="light" size="sm">
            Segue o padrão
          </Badge>
        )}
        {policy.activated ? null : (
          <Badge color="gray" variant="outline" size="sm">
            Inativo
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/** A target's hours and minutes: a group named by the target and the row, its error under it. */
function DurationField({
  policy,
  draft,
  errors,
  onChange,
  target,
  labelled,
}: RowProps & { target: Target; labelled?: boolean }) {
  const name = policyName(policy);
  const what = TARGET_LABELS[target];
  const value = draft[target];
  const error = errors[target];
  const id = `sla-${policyKey(policy)}-${target}${labelled ? '-card' : ''}`;
  const set = (part: Partial<DurationDraft>) => onChange({ ...draft, [target]: { ...value, ...part } });
  const box = (part: keyof DurationDraft, unit: string, words: string) => (
    <NumberInput
      aria-label={`${words} para ${what.toLowerCase()} em ${name}`}
      className={classes.durationBox}
      min={0}
      max={part === 'hours' ? 720 : 59}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      hideControls
      placeholder="—"
      rightSection={
        <Text size="xs" c="dimmed" aria-hidden>
          {unit}
        </Text>
      }
      rightSectionPointerEvents="none"
      rightSectionWidth={part === 'hours' ? 28 : 40}
      value={value[part]}
      onChange={(next) => set({ [part]: next })}
      error={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    />
  );
  return (
    <Input.Wrapper
      label={labelled ? what : undefined}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      description={labelled ? 'Horas e minutos úteis; vazio: sem meta.' : undefined}
      error={error}
      errorProps={{ id: `${id}-error` }}
      role="group"
      aria-labelledby={labelled ? `${id}-label` : undefined}
      aria-label={labelled ? undefined : `${what} em ${name}`}
      maw={{ base: '100%', md: 240 }}
    >
      <Group gap={6} wrap="nowrap" mt={labelled ? 4 : undefined}>
        {box('hours', 'h', 'Horas')}
        {box('minutes', 'min', 'Minutos')}
      </Group>
    </Input.Wrapper>
  );
}

function PauseField({ policy, draft, onChange, labelled }: RowProps & { labelled?: boolean }) {
  return (
    <Switch
      label={labelled ? PAUSE_LABEL : undefined}
      description={labelled ? PAUSE_HINT : undefined}
      aria-label={labelled ? undefined : `${PAUSE_LABEL} em ${policyName(policy)}`}
      checked={draft.pauseOnCustomer}
      onChange={(event) => onChange({ ...draft, pauseOnCustomer: event.currentTarget.checked })}
    />
  );
}

function Actions({
  policy,
  changed,
  saving,
  resetting,
  onSave,
  onUseDefault,
  fullWidth,
}: RowProps & { fullWidth?: boolean }) {
  const name = policyName(policy);
  return (
    <Stack gap={6} align={fullWidth ? 'stretch' : 'flex-end'}>
      <RowSaveButton
        label={`Salvar metas de ${name}`}
        changed={changed}
        saving={saving}
        busy={resetting}
        onSave={onSave}
        fullWidth={fullWidth}
      />
      {policy.departmentId !== null && policy.own ? (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconRestore size={14} aria-hidden />}
          loading={resetting}
          disabled={saving}
          onClick={onUseDefault}
          aria-label={`Voltar ao padrão: ${name}`}
        >
          Voltar ao padrão
        </Button>
      ) : null}
    </Stack>
  );
}

function PolicyRow(props: RowProps) {
  return (
    <Table.Tr data-testid={`sla-row-${policyKey(props.policy)}`}>
      <Table.Td maw={280}>
        <PolicyName policy={props.policy} />
      </Table.Td>
      <Table.Td>
        <DurationField {...props} target="firstResponse" />
      </Table.Td>
      <Table.Td>
        <DurationField {...props} target="resolution" />
      </Table.Td>
      <Table.Td>
        <PauseField {...props} />
      </Table.Td>
      <Table.Td ta="right">
        <Actions {...props} />
      </Table.Td>
    </Table.Tr>
  );
}

function PolicyCard(props: RowProps) {
  return (
    <ListCard data-testid={`sla-card-${policyKey(props.policy)}`} padding="sm">
      <Stack gap="sm">
        <PolicyName policy={props.policy} />
        <DurationField {...props} target="firstResponse" labelled />
        <DurationField {...props} target="resolution" labelled />
        <PauseField {...props} labelled />
        <Actions {...props} fullWidth />
      </Stack>
    </ListCard>
  );
}

export function SlaSection({ policies }: { policies: readonly SlaPolicy[] }) {
  const save = useSetSlaPolicy();
  const reset = useResetSlaPolicy();
  const rows = useRowDrafts<string, Draft, RowErrors>();
  const [resetting, setResetting] = useState<string | null>(null);

  const draftOf = (policy: SlaPolicy): Draft => rows.draft(policyKey(policy)) ?? draftFrom(policy);
  const changed = (policy: SlaPolicy): boolean => {
    const draft = draftOf(policy);
    const saved = draftFrom(policy);
    return (
      !sameDuration(draft.firstResponse, saved.firstResponse) ||
      !sameDuration(draft.resolution, saved.resolution) ||
      draft.pauseOnCustomer !== saved.pauseOnCustomer
    );
  };

  function submit(policy: SlaPolicy) {
    const key = policyKey(policy);
    const draft = draftOf(policy);
    const firstResponse = joinMinutes(draft.firstResponse);
    const resolution = joinMinutes(draft.resolution);
    if (!firstResponse.ok || !resolution.ok) {
      rows.refuse(key, {
        ...(firstResponse.ok ? {} : { firstResponse: firstResponse.error }),
        ...(resolution.ok ? {} : { resolution: resolution.error }),
      });
      return;
    }
    rows.setSaving(key);
    save.mutate(
      {
        departmentId: policy.departmentId,
        firstResponseMinutes: firstResponse.minutes,
        resolutionMinutes: resolution.minutes,
        pauseOnCustomer: draft.pauseOnCustomer,
      },
      {
        onSuccess: (saved) => {
          rows.forget(key);
          notifications.show({ color: 'teal', title: 'Metas salvas', message: policySummary(saved) });
        },
        onError: (error) => rows.fail(key, saveFailure(error), 'Não foi possível salvar as metas'),
        onSettled: () => rows.setSaving(null),
      },
    );
  }

  function backToDefault(policy: SlaPolicy) {
    if (policy.departmentId === null) return;
    const key = policyKey(policy);
    const fallback = policies.find((candidate) => candidate.departmentId === null);
    setResetting(key);
    reset.mutate(policy.departmentId, {
      onSuccess: () => {
        rows.forget(key);
        notifications.show({
          color: 'teal',
          title: 'De volta ao padrão',
          message: fallback
            ? `${policyName(policy)} segue o padrão da empresa: primeira resposta ${targetText(fallback.firstResponseMinutes)}, resolução ${targetText(fallback.resolutionMinutes)}.`
            : `${policyName(policy)} segue o padrão da empresa.`,
        });
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Não foi possível voltar ao padrão',
          message: formErrors(error, {}).message,
        }),
      onSettled: () => setResetting(null),
    });
  }

  const rowProps = (policy: SlaPolicy): RowProps => ({
    policy,
    draft: draftOf(policy),
    errors: rows.errors(policyKey(policy)) ?? {},
    changed: changed(policy),
    saving: rows.isSaving(policyKey(policy)),
    resetting: resetting === policyKey(policy),
    onChange: (draft) => rows.edit(policyKey(policy), draft),
    onSave: () => submit(policy),
    onUseDefault: () => backToDefault(policy),
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby={TITLE_ID}>
      <Stack gap={4}>
        <Title order={2} size="h4" id={TITLE_ID}>
          Metas de atendimento (SLA)
        </Title>
        <Text size="sm" c="dimmed">
          Os prazos contam só o tempo em que a empresa está aberta no horário de atendimento acima; um atendimento fica
          “em risco” ao passar de {SLA_AT_RISK_PERCENT}% do prazo e “estourado” ao passar dele.
        </Text>
        <Text size="sm" c="dimmed">
          Em horas e minutos (vazio: sem meta). As metas valem para os atendimentos que entram na fila a partir de
          agora; os departamentos sem metas próprias seguem o padrão da empresa.
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
