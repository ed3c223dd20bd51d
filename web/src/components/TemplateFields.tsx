/**
 * An official number's approved template chosen in a form (the scheduling dialog, the quick reply
 * editor, a campaign's message — the inbox's composer has its own, tied to its sending flow): the
 * select of the number's approved templates (name, language, category), one field per parameter
 * ("Parâmetro {{1}}", the server's example as placeholder) and a preview as the customer will read
 * it (TemplateText), each `{{n}}` replaced by its value (`fill` may turn what was typed into what
 * will go: the reply variables into example values) and marked while empty. While the templates
 * load, if they fail (with a retry), and when the number has none approved, it says so instead. A
 * template chosen before that is no longer approved (a reply's, a scheduled message's) says why
 * under the select. One component, so every form offers templates the same way; each form keeps
 * its own values and errors and hands them in.
 */
import { Badge, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, useId, type ReactNode } from 'react';
import {
  categoryLabel,
  findTemplate,
  isApproved,
  templateOptions,
  templateParts,
  templateSlots,
  type Template,
} from '../lib/message-templates';
import { LoadError } from './LoadError';
import { TemplateOption } from './TemplateOption';
import classes from './TemplateFields.module.css';

export const NO_APPROVED_TEMPLATES =
  'Nenhum modelo aprovado para este número. Modelos existem só em números oficiais (WhatsApp Cloud API); um administrador os sincroniza em Instâncias.';

export interface TemplateFieldsProps {
  /** The number's templates (components/use-instance-templates.ts). */
  templates: UseQueryResult<Template[]>;
  /** The chosen template's id as a string, or null. */
  value: string | null;
  /** A template chosen (null: none); the form starts its parameters over. */
  onChange: (template: Template | null) => void;
  /** What was typed for `{{1}}`, `{{2}}`… */
  parameters: readonly string[];
  onParameterChange: (position: number, value: string) => void;
  label?: string;
  description?: ReactNode;
  /** Under the select: the form's or the server's error about the template. */
  error?: ReactNode;
  /** Extra props of the select (a form's `data-path`, which `getInputNode` focuses). */
  selectProps?: Record<string, unknown>;
  /** Under a parameter's field: its error. */
  parameterError?: (position: number) => ReactNode;
  /** Extra props of a parameter's field (its `data-path`). */
  parameterProps?: (position: number) => Record<string, unknown>;
  /** Above the parameters: what they may hold. */
  hint?: ReactNode;
  /** A value as it will go (the preview). */
  fill?: (value: string) => string;
  /** The name of a template chosen before, shown when it is no longer among the approved ones. */
  storedName?: string | null;
  /** The select's description when the number has no approved template. */
  noneApproved?: ReactNode;
  /** The preview's bubble, when the screen draws its messages its own way. */
  bubbleClassName?: string;
}

function Filled({ text, values }: { text: string; values: readonly string[] }) {
  return templateParts(text, values).map((part, position) =>
    'text' in part ? (
      <Fragment key={position}>{part.text}</Fragment>
    ) : part.value === null ? (
      <mark key={position} className={classes.placeholder}>{`{{${part.index}}}`}</mark>
    ) : (
      <span key={position}>{part.value}</span>
    ),
  );
}

export interface TemplateTextProps {
  /** Shown above the bubble ("Prévia do modelo"); names it. */
  title: string;
  header?: string | null;
  body: string;
  footer?: string | null;
  /** `values[i]` fills `{{i+1}}`. */
  values: readonly string[];
  /** Meta's category, as a badge beside the title. */
  category?: string | null;
  /** The bubble's class in place of this file's. */
  className?: string;
}

/**
 * A template's text as the customer will read it, in a message bubble: its header (bold), the body
 * and its footer (dimmed), with `values` in place. Read-only: a form's live preview and a
 * campaign's detail.
 */
export function TemplateText({ title, header, body, footer, values, category, className }: TemplateTextProps) {
  const titleId = useId();
  return (
    <div>
      <Group gap={6} mb={4}>
        <Text size="xs" c="dimmed" id={titleId}>
          {title}
        </Text>
        {category ? (
          <Badge size="xs" variant="light" color="gray">
            {categoryLabel(category)}
          </Badge>
        ) : null}
      </Group>
      <div className={className ?? classes.bubble} role="group" aria-labelledby={titleId} data-testid="template-text">
        {header ? (
          <Text size="sm" fw={700}>
            <Filled text={header} values={values} />
          </Text>
        ) : null}
        <Text size="sm">
          <Filled text={body} values={values} />
        </Text>
        {footer ? (
          <Text size="xs" c="dimmed" mt={4}>
            <Filled text={footer} values={values} />
          </Text>
        ) : null}
      </div>
    </div>
  );
}

export function TemplateFields({
  templates,
  value,
  onChange,
  parameters,
  onParameterChange,
  label = 'Modelo aprovado',
  description,
  error,
  selectProps,
  parameterError,
  parameterProps,
  hint,
  fill = (text) => text,
  storedName,
  noneApproved = NO_APPROVED_TEMPLATES,
  bubbleClassName,
}: TemplateFieldsProps) {
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
  const template = findTemplate(approved, value);
  const slots = template ? templateSlots(template) : [];
  const gone =
    value !== null && template === null
      ? `${storedName ? `O modelo ${storedName}` : 'O modelo escolhido'} não está mais aprovado para este número: escolha outro.`
      : null;

  return (
    <Stack gap="sm">
      <Select
        label={label}
        description={approved.length === 0 ? noneApproved : description}
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
        {...selectProps}
        value={template ? String(template.id) : null}
        onChange={(id) => onChange(findTemplate(approved, id))}
        error={error ?? gone ?? undefined}
      />
      {template && slots.length > 0 ? (
        <Stack gap="xs">
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
          {slots.map((index, position) => (
            <TextInput
              key={`${template.id}-${index}`}
              label={`Parâmetro {{${index}}}`}
              placeholder={template.parameters.find((p) => p.index === index)?.example ?? undefined}
              required
              {...parameterProps?.(position)}
              value={parameters[position] ?? ''}
              onChange={(event) => onParameterChange(position, event.currentTarget.value)}
              error={parameterError?.(position) || undefined}
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
          values={slots.map((_, at) => fill(parameters[at] ?? ''))}
          category={template.category}
          className={bubbleClassName}
        />
      ) : null}
    </Stack>
  );
}
