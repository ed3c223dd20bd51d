/**
 * The survey form's "Fora da janela de 24 horas (números oficiais)": past the customer's 24-hour
 * window Meta only takes approved templates, so each official number (Cloud API,
 * lib/instance-choices.ts) may have one the survey then goes as — a select of its templates
 * (`GET /api/templates?instanceId=`: only approved ones can be chosen, the others listed disabled
 * with their status) or "Sem modelo (não enviar fora da janela)", a field per `{{n}}` (which may
 * hold `{{nome}}` and `{{atendente}}`) and a preview as the customer reads it. Without an official
 * number it says the survey goes as text. The form keeps the values and the errors.
 */
import { Box, Divider, Fieldset, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { LoadError } from '../../../components/LoadError';
import { TemplateText } from '../../../components/TemplateFields';
import { useInstanceChoices, useInstanceTemplates } from '../../../components/use-instance-templates';
import type { InstanceSource } from '../../../lib/instance-choices';
import { findTemplate, isApproved, templateSlots, type Template } from '../../../lib/message-templates';
import type { SurveyTemplate } from '../api/schemas';
import { previewQuestion } from '../format';
import {
  entryOf,
  NO_TEMPLATE,
  templateChoices,
  templateStatusLabel,
  type TemplateErrors,
  type TemplateRowErrors,
} from '../survey-templates';

export interface SurveyTemplatesSectionProps {
  /** Where the numbers come from: `GET /api/instance` for holders of the route `instances`. */
  instanceSource: InstanceSource;
  /** The form's entries, one per number at most. */
  templates: readonly SurveyTemplate[];
  errors: TemplateErrors;
  /** A template chosen for a number (null: none). */
  onChoose: (instanceId: number, template: Template | null) => void;
  onParameterChange: (instanceId: number, position: number, value: string) => void;
}

/** A value's hint: the variables, the first two in the order a greeting uses them. */
function placeholderOf(position: number): string {
  return position === 0 ? 'Ex.: {{nome}}' : position === 1 ? 'Ex.: {{atendente}}' : 'Ex.: {{nome}} ou {{atendente}}';
}

interface NumberRowProps {
  instance: { id: number; name: string };
  entry: SurveyTemplate | null;
  errors: TemplateRowErrors | undefined;
  onChoose: SurveyTemplatesSectionProps['onChoose'];
  onParameterChange: SurveyTemplatesSectionProps['onParameterChange'];
}

function NumberRow({ instance, entry, errors, onChoose, onParameterChange }: NumberRowProps) {
  const templates = useInstanceTemplates(instance.id);
  const hintId = useId();
  const selectError = [errors?.instance, errors?.template].filter(Boolean).join(' ') || undefined;

  let content;
  if (templates.isPending) {
    content = (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed" role="status">
          Carregando os modelos do número…
        </Text>
      </Group>
    );
  } else if (templates.isError) {
    content = (
      <Stack gap={4}>
        <LoadError
          title="Não foi possível carregar os modelos do número."
          error={templates.error}
          onRetry={() => void templates.refetch()}
          retrying={templates.isFetching}
        />
        {selectError ? (
          <Text size="sm" c="red" role="alert">
            {selectError}
          </Text>
        ) : null}
      </Stack>
    );
  } else {
    const list = templates.data;
    const template = entry ? findTemplate(list, String(entry.templateId)) : null;
    const usable = template && isApproved(template) ? template : null;
    const slots = usable ? templateSlots(usable) : [];
    const approved = list.some(isApproved);
    const values = entry?.parameters ?? [];
    // A template saved before that is no longer approved (or no longer there) says so at once.
    const gone =
      entry && !usable
        ? template
          ? `O modelo "${template.name}" não está aprovado (${templateStatusLabel(template.status)}): escolha outro.`
          : 'Modelo não encontrado para este número: escolha outro.'
        : undefined;
    content = (
      <Stack gap="sm">
        <Select
          label="Modelo aprovado"
          description={
            approved
              ? 'Só modelos aprovados pela Meta podem ser escolhidos.'
              : 'Nenhum modelo aprovado neste número; um administrador sincroniza os modelos em Instâncias.'
          }
          data={templateChoices(list, entry?.templateId ?? null)}
          value={entry ? String(entry.templateId) : NO_TEMPLATE}
          allowDeselect={false}
          onChange={(value) => {
            if (value === null) return;
            onChoose(instance.id, value === NO_TEMPLATE ? null : findTemplate(list, value));
          }}
          error={selectError ?? gone}
          comboboxProps={{ withinPortal: true }}
          maw={{ base: '100%', sm: 480 }}
        />
        {usable && slots.length > 0 ? (
          <Stack gap="xs" role="group" aria-label={`Parâmetros do modelo ${usable.name}`} aria-describedby={hintId}>
            <Text size="xs" c="dimmed" id={hintId}>
              Nos valores, use {'{{nome}}'} para o primeiro nome do cliente e {'{{atendente}}'} para o de quem atendeu.
            </Text>
            {slots.map((index, position) => (
              <TextInput
                key={`${usable.id}-${index}`}
                label={`Parâmetro {{${index}}}`}
                placeholder={placeholderOf(position)}
                required
                maxLength={1024}
                maw={{ base: '100%', sm: 480 }}
                value={values[position] ?? ''}
                onChange={(event) => onParameterChange(instance.id, position, event.currentTarget.value)}
                error={
                  [position === 0 ? errors?.parameters : undefined, errors?.parameter?.[position]]
                    .filter(Boolean)
                    .join(' ') || undefined
                }
              />
            ))}
          </Stack>
        ) : usable && errors?.parameters ? (
          <Text size="sm" c="red" role="alert">
            {errors.parameters}
          </Text>
        ) : null}
        {usable ? (
          <Box maw={{ base: '100%', sm: 480 }}>
            <TemplateText
              title="Como o cliente vê fora da janela"
              header={usable.header}
              body={usable.body}
              footer={usable.footer}
              values={slots.map((_, position) => previewQuestion(values[position] ?? ''))}
              category={usable.category}
            />
          </Box>
        ) : null}
      </Stack>
    );
  }

  return (
    <Fieldset legend={instance.name} radius="md" data-instance={instance.id}>
      {content}
    </Fieldset>
  );
}

export function SurveyTemplatesSection({
  instanceSource,
  templates,
  errors,
  onChoose,
  onParameterChange,
}: SurveyTemplatesSectionProps) {
  const titleId = useId();
  const instances = useInstanceChoices(instanceSource);

  let content;
  if (instances.isPending) {
    content = (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed" role="status">
          Carregando os números…
        </Text>
      </Group>
    );
  } else if (instances.isError) {
    content = (
      <LoadError
        title="Não foi possível carregar os números."
        error={instances.error}
        onRetry={() => void instances.refetch()}
        retrying={instances.isFetching}
      />
    );
  } else {
    const official = instances.data.filter((instance) => instance.official === true && instance.active);
    // A number with a template saved that is no longer listed (turned off, no longer official)
    // stays, so its template can be taken out.
    const listed = new Set(official.map((instance) => instance.id));
    const rows = [
      ...official.map((instance) => ({ id: instance.id, name: instance.name })),
      ...templates
        .filter((entry) => !listed.has(entry.instanceId))
        .map((entry) => ({
          id: entry.instanceId,
          name:
            instances.data.find((instance) => instance.id === entry.instanceId)?.name ??
            `Número nº ${entry.instanceId}`,
        })),
    ];
    content =
      rows.length === 0 ? (
        <Text size="sm">Nenhum número oficial: a pesquisa vai como texto.</Text>
      ) : (
        <Stack gap="sm">
          {rows.map((instance) => (
            <NumberRow
              key={instance.id}
              instance={instance}
              entry={entryOf(templates, instance.id)}
              errors={errors[instance.id]}
              onChoose={onChoose}
              onParameterChange={onParameterChange}
            />
          ))}
        </Stack>
      );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Divider />
      <Stack gap={2}>
        <Title order={3} size="h4" id={titleId}>
          Fora da janela de 24 horas (números oficiais)
        </Title>
        <Text size="sm" c="dimmed">
          Passadas 24 horas da última mensagem do cliente, a Meta só aceita modelos aprovados: num número oficial, a
          pesquisa vai então como o modelo escolhido para ele.
        </Text>
      </Stack>
      {content}
    </Stack>
  );
}
