/**
 * "Pesquisa de satisfação" (route `users`; `GET/PUT /api/survey`): whether the customer receives the
 * survey when a person closes the ticket, the question (with `{{nome}}` and `{{atendente}}`), the
 * thanks, how long the answer is awaited, the departments left out, and the approved template each
 * official number sends it as past the customer's 24-hour window (SurveyTemplatesSection,
 * ../survey-templates.ts). A preview shows the question as the customer reads it. The server's
 * pt_BR refusals (422 `invalid_survey`) go under the fields they name, a template's under its
 * number's.
 */
import { Group, MultiSelect, Paper, Select, Switch, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessageCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { SettingsCard, SettingsLoader, SettingsSaveBar } from '../../../components/SettingsCard';
import { instanceTemplatesKeys } from '../../../components/use-instance-templates';
import { alertText, formErrors } from '../../../lib/api-errors';
import type { InstanceSource } from '../../../lib/instance-choices';
import type { Template } from '../../../lib/message-templates';
import type { SurveySettings } from '../api/schemas';
import { useSaveSurveySettings, useSurveyDepartments, useSurveySettings } from '../api/survey';
import { ANSWER_DEADLINES, deadlineLabel, previewQuestion } from '../format';
import {
  chooseTemplate,
  hasTemplateErrors,
  localTemplateErrors,
  setParameter,
  surveyBody,
  templateFailure,
  type TemplateErrors,
  type TemplateLookup,
} from '../survey-templates';
import { SurveyTemplatesSection } from './SurveyTemplatesSection';

type Field = 'question' | 'thanks' | 'answerMinutes';
type FieldErrors = Partial<Record<Field, string>>;

const FIELD_MAP: Record<string, Field> = { question: 'question', thanks: 'thanks', answerMinutes: 'answerMinutes' };

/** What the form checks before sending (the server checks the same). */
function localErrors(draft: SurveySettings): FieldErrors {
  const errors: FieldErrors = {};
  const question = draft.question.trim();
  const thanks = draft.thanks.trim();
  if (question.length === 0) errors.question = 'Escreva a pergunta.';
  else if (question.length > 500) errors.question = 'A pergunta tem no máximo 500 caracteres.';
  if (thanks.length === 0) errors.thanks = 'Escreva o agradecimento.';
  else if (thanks.length > 500) errors.thanks = 'O agradecimento tem no máximo 500 caracteres.';
  if (draft.answerMinutes < 5 || draft.answerMinutes > 10_080) errors.answerMinutes = 'Escolha de 5 minutos a 7 dias.';
  return errors;
}

interface SettingsFormProps {
  saved: SurveySettings;
  instanceSource: InstanceSource;
}

function SettingsForm({ saved, instanceSource }: SettingsFormProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SurveySettings>(saved);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [templateErrors, setTemplateErrors] = useState<TemplateErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const departments = useSurveyDepartments();
  const save = useSaveSurveySettings();
  // A number's templates as the section last loaded them (undefined: not loaded).
  const lookup: TemplateLookup = (entry) =>
    queryClient.getQueryData<Template[]>(instanceTemplatesKeys.of(entry.instanceId));

  const departmentData = useMemo(() => {
    const list = departments.data ?? [];
    const known = new Set(list.map((department) => department.id));
    return [
      ...list
        .filter((department) => department.activated || draft.excludedDepartmentIds.includes(department.id))
        .map((department) => ({
          value: department.id,
          label: department.activated ? department.name : `${department.name} (inativo)`,
        })),
      // A department left out that the list no longer has stays visible (and removable) by number.
      ...draft.excludedDepartmentIds
        .filter((id) => !known.has(id))
        .map((id) => ({ value: id, label: `Departamento #${id}` })),
    ];
  }, [departments.data, draft.excludedDepartmentIds]);

  const deadlineData = useMemo(() => {
    const choices = ANSWER_DEADLINES.map((choice) => ({ value: String(choice.value), label: choice.label }));
    if (!ANSWER_DEADLINES.some((choice) => choice.value === draft.answerMinutes)) {
      choices.push({ value: String(draft.answerMinutes), label: deadlineLabel(draft.answerMinutes) });
    }
    return choices;
  }, [draft.answerMinutes]);

  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const set = (part: Partial<SurveySettings>) => {
    setDraft((current) => ({ ...current, ...part }));
    const keys = Object.keys(part) as Field[];
    setErrors((current) => {
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });
  };

  /** A number's entry changed: its errors go (they were about what it held). */
  const setTemplates = (instanceId: number, templates: SurveySettings['templates']) => {
    setDraft((current) => ({ ...current, templates }));
    setTemplateErrors((current) => {
      if (!(instanceId in current)) return current;
      const next = { ...current };
      delete next[instanceId];
      return next;
    });
  };

  const submit = () => {
    setGeneral(null);
    const body = surveyBody(draft, lookup);
    const local = localErrors(draft);
    const localTemplates = localTemplateErrors(body.templates, lookup);
    if (Object.keys(local).length > 0 || hasTemplateErrors(localTemplates)) {
      setErrors(local);
      setTemplateErrors(localTemplates);
      return;
    }
    save.mutate(body, {
      onSuccess: (result) => {
        setDraft(result);
        setErrors({});
        setTemplateErrors({});
        notifications.show({
          color: 'teal',
          title: 'Pesquisa de satisfação salva',
          message: result.enabled
            ? `Enviada ao encerrar; resposta aguardada por ${deadlineLabel(result.answerMinutes)}.`
            : 'A pesquisa não é enviada.',
        });
      },
      onError: (error) => {
        const { templates, rest } = templateFailure(error, body.templates);
        setTemplateErrors(templates);
        if (rest === null) {
          setErrors({});
          return;
        }
        const failure = formErrors(rest, FIELD_MAP);
        setErrors(failure.fields);
        setGeneral(alertText(failure));
      },
    });
  };

  return (
    <SettingsCard
      title="Pesquisa de satisfação"
      description="Ao encerrar um atendimento, o cliente recebe a pergunta e responde com uma nota de 1 a 5 (e, se quiser, um comentário). A resposta não abre um novo atendimento."
      failure={general}
      failureTitle="Não foi possível salvar a pesquisa"
      onSubmit={submit}
    >
      <Switch
        label="Enviar pesquisa ao encerrar"
        description="Vale para os atendimentos encerrados por uma pessoa."
        checked={draft.enabled}
        onChange={(event) => set({ enabled: event.currentTarget.checked })}
      />
      <Textarea
        label="Pergunta"
        description="Use {{nome}} para o primeiro nome do cliente e {{atendente}} para o primeiro nome de quem atendeu."
        autosize
        minRows={3}
        maxRows={8}
        maxLength={500}
        value={draft.question}
        error={errors.question}
        onChange={(event) => set({ question: event.currentTarget.value })}
      />
      <Paper bg="var(--mantine-color-default-hover)" radius="sm" p="sm">
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMessageCircle size={18} aria-hidden />
          <Text size="sm">
            <Text span fw={600}>
              Como o cliente vê:{' '}
            </Text>
            {previewQuestion(draft.question) || '—'}
          </Text>
        </Group>
      </Paper>
      <Textarea
        label="Agradecimento"
        description="Enviado depois da nota."
        autosize
        minRows={2}
        maxRows={6}
        maxLength={500}
        value={draft.thanks}
        error={errors.thanks}
        onChange={(event) => set({ thanks: event.currentTarget.value })}
      />
      <Select
        label="Prazo para responder"
        description="Depois dele, a mensagem do cliente abre um atendimento, como de costume."
        data={deadlineData}
        allowDeselect={false}
        value={String(draft.answerMinutes)}
        error={errors.answerMinutes}
        onChange={(value) => {
          if (value !== null) set({ answerMinutes: Number(value) });
        }}
        comboboxProps={{ withinPortal: true }}
        maw={{ base: '100%', sm: 320 }}
      />
      <MultiSelect<number>
        label="Departamentos sem pesquisa"
        description="Os atendimentos destes departamentos são encerrados sem a pesquisa."
        placeholder={
          departments.isPending
            ? 'Carregando departamentos…'
            : departmentData.length === 0
              ? 'Nenhum departamento'
              : 'Escolha os departamentos'
        }
        data={departmentData}
        searchable
        clearable
        value={draft.excludedDepartmentIds}
        onChange={(value) => set({ excludedDepartmentIds: value })}
        comboboxProps={{ withinPortal: true }}
        error={departments.isError ? 'Não foi possível carregar os departamentos.' : undefined}
      />
      <SurveyTemplatesSection
        instanceSource={instanceSource}
        templates={draft.templates}
        errors={templateErrors}
        onChoose={(instanceId, template) =>
          setTemplates(instanceId, chooseTemplate(draft.templates, instanceId, template))
        }
        onParameterChange={(instanceId, position, value) =>
          setTemplates(instanceId, setParameter(draft.templates, instanceId, position, value))
        }
      />
      <SettingsSaveBar
        label="Salvar pesquisa"
        changed={changed}
        saving={save.isPending}
        onDiscard={() => {
          setDraft(saved);
          setErrors({});
          setTemplateErrors({});
          setGeneral(null);
        }}
      />
    </SettingsCard>
  );
}

export interface SurveySettingsSectionProps {
  /**
   * Where the official numbers come from: `GET /api/instance` for holders of the route `instances`
   * (each one's `providerKind`), else `GET /api/inbox/instances` (its `official`).
   */
  instanceSource?: InstanceSource;
}

export function SurveySettingsSection({ instanceSource = 'inbox' }: SurveySettingsSectionProps) {
  const settings = useSurveySettings();
  // Keyed by what the server holds: a save (or a refetch with other values) starts a fresh draft.
  return (
    <SettingsLoader
      query={settings}
      loadingLabel="Carregando a pesquisa de satisfação"
      errorTitle="Não foi possível carregar a pesquisa de satisfação."
      skeleton={{ titleWidth: '40%', height: 120 }}
    >
      {(saved) => <SettingsForm key={JSON.stringify(saved)} saved={saved} instanceSource={instanceSource} />}
    </SettingsLoader>
  );
}
