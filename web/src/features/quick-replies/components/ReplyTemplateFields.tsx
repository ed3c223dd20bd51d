/**
 * The reply form's "Modelo aprovado (números oficiais)": the official number first (for those who
 * keep instances, the Cloud API numbers; for everyone else the numbers they serve, whose templates
 * tell which are official), then one of its approved templates and a value per parameter — which
 * may hold the reply's variables, filled in each conversation — with a preview in example values
 * (components/TemplateFields). A number whose templates are asked for no longer being on the list
 * (a reply read back) shows by the name the reply gives it.
 */
import { Select, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { UseQueryResult } from '@tanstack/react-query';
import { TemplateFields } from '../../../components/TemplateFields';
import { useInstanceChoices } from '../../../components/use-instance-templates';
import type { InstanceSource } from '../../../lib/instance-choices';
import { templateSlots, type Template } from '../../../lib/message-templates';
import { QUICK_REPLY_VARIABLES, variableToken, type ReplyTemplate } from '../../../lib/quick-replies';
import { parameterPath, type ReplyValues } from '../reply-draft';

export interface ReplyTemplateFieldsProps {
  form: UseFormReturnType<ReplyValues>;
  /** The chosen number's templates. */
  templates: UseQueryResult<Template[]>;
  instanceSource: InstanceSource;
  /** The template the reply had (its number's name, its own name if no longer approved). */
  stored: ReplyTemplate | null;
  /** A value as the preview shows it (the variables in example values). */
  fill: (value: string) => string;
}

const VARIABLES = QUICK_REPLY_VARIABLES.map((variable) => variableToken(variable.name)).join(', ');

export function ReplyTemplateFields({ form, templates, instanceSource, stored, fill }: ReplyTemplateFieldsProps) {
  const { values } = form;
  const instances = useInstanceChoices(instanceSource);
  const instanceId = values.instanceId === null ? null : Number(values.instanceId);

  const offered = (instances.data ?? []).filter(
    (instance) => instance.active && (instance.providerKind === null || instance.providerKind === 'cloud'),
  );
  const options = offered.map((instance) => ({ value: String(instance.id), label: instance.name }));
  if (stored && !options.some((option) => option.value === String(stored.instanceId))) {
    options.push({ value: String(stored.instanceId), label: stored.instanceName });
  }
  const pathOf = (field: string) => (form.getInputProps(field) as { 'data-path'?: string })['data-path'];
  const errorOf = (field: string) => {
    const error = form.errors[field];
    return typeof error === 'string' && error !== '' ? error : undefined;
  };

  function chooseTemplate(template: Template | null) {
    form.setValues({
      templateId: template ? String(template.id) : null,
      templateParameters: template ? templateSlots(template).map(() => '') : [],
    });
    form.setErrors(
      Object.fromEntries(
        Object.entries(form.errors).filter(
          ([field]) => field !== 'templateId' && !field.startsWith('templateParameters'),
        ),
      ),
    );
  }

  return (
    <Stack gap="sm">
      <Select
        label="Número oficial"
        description="Modelos aprovados pela Meta existem só em números oficiais (WhatsApp Cloud API)."
        required
        placeholder={
          instances.isPending
            ? 'Carregando números…'
            : options.length === 0
              ? 'Nenhum número oficial'
              : 'Escolha o número'
        }
        data={options}
        searchable
        nothingFoundMessage="Nenhum número com esse nome"
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('instanceId')}
        onChange={(id: string | null) => {
          form.setValues({ instanceId: id, templateId: null, templateParameters: [] });
          form.clearFieldError('instanceId');
        }}
        error={errorOf('instanceId') ?? (instances.isError ? 'Não foi possível carregar os números.' : undefined)}
      />
      {instanceId !== null ? (
        <TemplateFields
          templates={templates}
          value={values.templateId}
          onChange={chooseTemplate}
          parameters={values.templateParameters}
          onParameterChange={(position, value) => {
            form.setFieldValue(parameterPath(position), value);
            form.clearFieldError(parameterPath(position));
          }}
          description="Só modelos aprovados podem ser escolhidos."
          error={errorOf('templateId')}
          selectProps={{ 'data-path': pathOf('templateId') }}
          parameterError={(position) => errorOf(parameterPath(position))}
          parameterProps={(position) => ({ 'data-path': pathOf(parameterPath(position)) })}
          hint={`Nos valores você pode usar ${VARIABLES}: cada conversa recebe os seus.`}
          fill={fill}
          storedName={stored && String(stored.id) === values.templateId ? stored.name : null}
        />
      ) : null}
    </Stack>
  );
}
