/**
 * The message of a campaign on an official number (docs/campaigns.md#templates): Meta lets such a
 * number start conversations only with an approved template, so instead of free text the form
 * offers the number's approved templates ("Modelo aprovado"), one field per parameter ("Parâmetro
 * {{1}}", the server's example as placeholder; the recipient's variables may be used, each
 * recipient gets their own) and a live preview of the text with what was typed. The server's 422
 * shows next to the template or the parameter it names.
 */
import { Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from '../../../components/LoadError';
import { TemplateOption } from '../../../components/TemplateOption';
import {
  findTemplate,
  isApproved,
  templateOptions,
  templateSlots,
  type Template,
} from '../../../lib/message-templates';
import { BUILT_IN_VARIABLES, withoutTemplateErrors, type DraftValues } from '../draft';
import { parameterPath } from '../template';
import { TemplateText } from './TemplateText';

export const NO_APPROVED_TEMPLATES = 'Nenhum modelo aprovado para este número. Sincronize os modelos em Instâncias.';

export interface CampaignTemplateFieldsProps {
  form: UseFormReturnType<DraftValues>;
  /** The number's templates (`GET /api/templates?instanceId=`). */
  templates: UseQueryResult<Template[]>;
  /** The variables the parameters may use (`nome`, `telefone`, the imported file's columns). */
  variables: readonly string[];
}

/** "{{nome}}, {{telefone}} e {{cupom}}". */
function listVariables(variables: readonly string[]): string {
  const tokens = variables.map((variable) => `{{${variable}}}`);
  if (tokens.length <= 1) return tokens.join('');
  return `${tokens.slice(0, -1).join(', ')} e ${tokens.at(-1)}`;
}

export function CampaignTemplateFields({ form, templates, variables }: CampaignTemplateFieldsProps) {
  const error = form.errors.templateId;

  if (templates.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed" role="status">
          Carregando os modelos do número…
        </Text>
      </Group>
    );
  }
  if (templates.isError) {
    return (
      <Stack gap={4}>
        <LoadError
          title="Não foi possível carregar os modelos do número."
          error={templates.error}
          onRetry={() => void templates.refetch()}
          retrying={templates.isFetching}
        />
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    );
  }

  const approved = templates.data.filter(isApproved);
  const template = findTemplate(approved, form.values.templateId);
  const slots = template ? templateSlots(template) : [];
  const hint = `Nos parâmetros você pode usar ${listVariables(variables)}${
    variables.length > BUILT_IN_VARIABLES.length ? '' : ' (e as colunas de um arquivo importado)'
  }: cada destinatário recebe os seus dados.`;

  function choose(id: string | null) {
    const next = findTemplate(approved, id);
    form.setValues({
      templateId: next ? String(next.id) : '',
      templateParameters: next ? templateSlots(next).map(() => '') : [],
    });
    form.setErrors(withoutTemplateErrors(form.errors));
  }

  return (
    <Stack gap="sm">
      <Select
        label="Modelo aprovado"
        description={
          approved.length === 0
            ? NO_APPROVED_TEMPLATES
            : 'Números oficiais só começam conversas com modelos aprovados pela Meta.'
        }
        required
        placeholder={approved.length === 0 ? 'Nenhum modelo aprovado' : 'Escolha um modelo'}
        data={templateOptions(approved)}
        renderOption={({ option }) => {
          const shown = findTemplate(approved, option.value);
          return shown ? <TemplateOption template={shown} /> : option.label;
        }}
        disabled={approved.length === 0}
        searchable
        nothingFoundMessage="Nenhum modelo com esse nome"
        comboboxProps={{ withinPortal: true }}
        value={template ? String(template.id) : null}
        onChange={choose}
        error={error}
      />
      {template && slots.length > 0 ? (
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
          {slots.map((index, position) => (
            <TextInput
              key={`${template.id}-${index}`}
              label={`Parâmetro {{${index}}}`}
              placeholder={template.parameters.find((p) => p.index === index)?.example ?? undefined}
              required
              {...form.getInputProps(parameterPath(position))}
              value={form.values.templateParameters[position] ?? ''}
            />
          ))}
        </Stack>
      ) : null}
      {template ? (
        <TemplateText
          title="Prévia do modelo"
          header={template.header}
          body={template.body}
          footer={template.footer}
          values={form.values.templateParameters}
          category={template.category}
        />
      ) : null}
    </Stack>
  );
}
