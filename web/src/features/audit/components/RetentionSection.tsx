/**
 * "Retenção dos registros" (the "Configurações" tab of /audit, under "O que registrar"; route
 * `users`; `GET/PUT /api/retention`): how long the company keeps each kind of record — login
 * failures, webhook deliveries, the audit log, messages' content and their files —, each a number
 * of days from its minimum up to `maxDays`, or "Guardar para sempre" (null).
 * The night's clean-up applies it; the last one is told below ("Última limpeza"). The range is the
 * server's to check: its pt_BR refusals (422 `invalid_retention`) go under the fields they name,
 * anything else in an alert.
 */
import { Divider, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Fragment, useId, useState } from 'react';
import { SettingsCard, SettingsLoader, SettingsSaveBar } from '../../../components/SettingsCard';
import { alertText, formErrors } from '../../../lib/api-errors';
import { useRetention, useSaveRetention } from '../api/retention';
import {
  RETENTION_FIELDS,
  type Retention,
  type RetentionField,
  type RetentionKind,
  type RetentionPolicy,
} from '../api/schemas';
import { capitalised, lastRunText, minDaysHint } from '../labels';

/** A kind's days as typed: a number, '' while the field is empty, null when kept forever. */
type Days = number | '' | null;
type Draft = Record<RetentionField, Days>;
type FieldErrors = Partial<Record<RetentionField, string>>;

const FIELD_MAP: Record<string, RetentionField> = Object.fromEntries(RETENTION_FIELDS.map((field) => [field, field]));

function isField(field: string): field is RetentionField {
  return (RETENTION_FIELDS as readonly string[]).includes(field);
}

function draftOf(policy: RetentionPolicy): Draft {
  return { ...policy };
}

/** An empty field is the one thing checked here; the range is the server's to refuse. */
function localErrors(draft: Draft): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of RETENTION_FIELDS) {
    if (draft[field] === '') errors[field] = 'Informe os dias, ou guarde para sempre.';
  }
  return errors;
}

interface KindRowProps {
  kind: RetentionKind & { field: RetentionField };
  maxDays: number;
  value: Days;
  error: string | undefined;
  onChange: (value: Days) => void;
}

function KindRow({ kind, maxDays, value, error, onChange }: KindRowProps) {
  const titleId = useId();
  const forever = value === null;
  return (
    <Stack gap="xs" role="group" aria-labelledby={titleId} data-testid="retention-kind" data-field={kind.field}>
      <Text fw={600} id={titleId}>
        {capitalised(kind.label)}
      </Text>
      <Switch
        label="Guardar para sempre"
        checked={forever}
        onChange={(event) => onChange(event.currentTarget.checked ? null : kind.minDays)}
      />
      {forever ? null : (
        <NumberInput
          label="Dias"
          description={minDaysHint(kind.field, kind.minDays)}
          min={kind.minDays}
          max={maxDays}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator="."
          decimalSeparator=","
          value={value}
          error={error}
          onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? '' : Number(next))}
          maw={380}
        />
      )}
      {forever && error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

function RetentionForm({ saved }: { saved: Retention }) {
  const lastRunId = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved.policy));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const save = useSaveRetention();
  const kinds = saved.kinds.filter((kind): kind is RetentionKind & { field: RetentionField } => isField(kind.field));
  const changed = RETENTION_FIELDS.some((field) => draft[field] !== saved.policy[field]);

  const set = (field: RetentionField, value: Days) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const submit = () => {
    setGeneral(null);
    const local = localErrors(draft);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    const policy = Object.fromEntries(
      RETENTION_FIELDS.map((field) => [field, draft[field] === '' ? null : draft[field]]),
    ) as RetentionPolicy;
    save.mutate(policy, {
      onSuccess: (result) => {
        setDraft(draftOf(result.policy));
        setErrors({});
        notifications.show({ color: 'teal', message: 'Política de retenção salva.' });
      },
      onError: (error) => {
        const failure = formErrors(error, FIELD_MAP);
        setErrors(failure.fields);
        setGeneral(alertText(failure));
      },
    });
  };

  return (
    <SettingsCard
      title="Retenção dos registros"
      description="Por quanto tempo a empresa guarda cada tipo de registro. A limpeza roda toda noite; uma entrega de webhook ainda pendente nunca é removida. Mensagens e arquivos passados do prazo são esvaziados: o atendimento e os números dos painéis continuam."
      failure={general}
      failureTitle="Não foi possível salvar a política"
      onSubmit={submit}
    >
      {kinds.map((kind, at) => (
        <Fragment key={kind.field}>
          {at > 0 ? <Divider /> : null}
          <KindRow
            kind={kind}
            maxDays={saved.maxDays}
            value={draft[kind.field]}
            error={errors[kind.field]}
            onChange={(value) => set(kind.field, value)}
          />
        </Fragment>
      ))}
      <SettingsSaveBar label="Salvar" changed={changed} saving={save.isPending} />
      <Divider />
      <Stack gap={4} role="region" aria-labelledby={lastRunId}>
        <Title order={3} size="h5" id={lastRunId}>
          Última limpeza
        </Title>
        <Text size="sm" data-testid="retention-last-run">
          {lastRunText(saved.lastRun)}
        </Text>
      </Stack>
    </SettingsCard>
  );
}

export function RetentionSection() {
  const retention = useRetention();
  // Not keyed by the data: a save's answer resets the draft itself (and the notification it shows
  // would be lost with an unmounted form); "Salvar" compares the draft with what the server holds.
  return (
    <SettingsLoader
      query={retention}
      loadingLabel="Carregando a política de retenção"
      errorTitle="Não foi possível carregar a política de retenção."
      skeleton={{ titleWidth: '40%', height: 160 }}
    >
      {(saved) => <RetentionForm saved={saved} />}
    </SettingsLoader>
  );
}
