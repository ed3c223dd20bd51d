/**
 * The message of a campaign on an official number (docs/campaigns.md#templates): Meta lets such a
 * number start conversations only with an approved template, so instead of free text the form
 * offers the number's approved templates with a field per parameter and a live preview — the
 * shared components/TemplateFields, bound here to the campaign's form. What a campaign adds: the
 * recipient's variables may be used in the parameters (each recipient gets their own), the preview
 * is drawn as the screen's other message bubbles, and the server's 422 shows next to the template
 * or the parameter it names.
 */
import type { UseFormReturnType } from '@mantine/form';
import type { UseQueryResult } from '@tanstack/react-query';
import { TemplateFields } from '../../../components/TemplateFields';
import { templateSlots, type Template } from '../../../lib/message-templates';
import { BUILT_IN_VARIABLES, withoutTemplateErrors, type DraftValues } from '../draft';
import { parameterPath } from '../template';
import classes from './campaigns.module.css';

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
  const hint = `Nos parâmetros você pode usar ${listVariables(variables)}${
    variables.length > BUILT_IN_VARIABLES.length ? '' : ' (e as colunas de um arquivo importado)'
  }: cada destinatário recebe os seus dados.`;

  function choose(next: Template | null) {
    form.setValues({
      templateId: next ? String(next.id) : '',
      templateParameters: next ? templateSlots(next).map(() => '') : [],
    });
    form.setErrors(withoutTemplateErrors(form.errors));
  }

  return (
    <TemplateFields
      templates={templates}
      value={form.values.templateId || null}
      onChange={choose}
      parameters={form.values.templateParameters}
      onParameterChange={(position, value) => form.setFieldValue(parameterPath(position), value)}
      description="Números oficiais só começam conversas com modelos aprovados pela Meta."
      noneApproved={NO_APPROVED_TEMPLATES}
      error={form.errors.templateId}
      parameterError={(position) => form.errors[parameterPath(position)]}
      parameterProps={(position) => ({ ...form.getInputProps(parameterPath(position)) })}
      hint={hint}
      bubbleClassName={classes.bubble}
    />
  );
}
