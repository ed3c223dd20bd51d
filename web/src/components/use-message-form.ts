/**
 * What the forms that write a message to go later share — the scheduling dialog
 * (ScheduleMessageModal) and the quick reply editor (features/quick-replies): each sends a text
 * with, or not, a file uploaded at once, or an official number's approved template with a value per
 * parameter, and both must treat those fields the same way, so they are bound to the form once,
 * here. The file (AttachmentField): the form waits for its upload, and a file clears the text's
 * error (the text becomes its optional caption). The template (TemplateFields): another template
 * starts its values over and drops their errors; another number drops the template. A refusal of
 * the server shows under the field on screen it names — by `errors[]`, or by its code alone —, the
 * rest above the fields; the focus goes to the first field with an error (the file's button for the
 * file). Each form keeps what is its own: its other fields, its checks, its labels.
 */
import type { UseFormReturnType } from '@mantine/form';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type RefObject } from 'react';
import { formErrors } from '../lib/api-errors';
import { ApiError } from '../lib/http';
import type { AttachedFile } from '../lib/media-upload';
import {
  findTemplate,
  isApproved,
  parameterPath,
  serverParameterField,
  templateSlots,
  type Template,
} from '../lib/message-templates';
import type { AttachmentFieldProps } from './AttachmentField';
import type { TemplateFieldsProps } from './TemplateFields';

/** The fields of what a message sends, as both forms name them. */
export interface MessageFormValues {
  content: 'text' | 'template';
  /** The text, or the file's caption. */
  body: string;
  attachment: AttachedFile | null;
  /** The number whose templates are offered, its id as the select keeps it. */
  instanceId: string | null;
  /** The approved template's id as the select keeps it; null: none chosen. */
  templateId: string | null;
  /** What was typed for `{{1}}`, `{{2}}`… */
  templateParameters: string[];
}

/** The server's codes that name the file or the template without `errors[]`. */
const CONTENT_CODE_FIELDS: Record<string, string> = {
  media_not_found: 'attachment',
  media_type_not_allowed: 'attachment',
  media_too_large: 'attachment',
  template_with_media: 'templateId',
  template_not_found: 'templateId',
  template_not_approved: 'templateId',
  template_parameters: 'templateId',
};

export interface Refusal {
  /** The fields on screen besides the message's (which `content` tells). */
  onScreen: readonly string[];
  /** The server's names of those fields → the form's. */
  fieldMap: Record<string, string>;
  /** The form's own codes that name a field without `errors[]`. */
  codeFields: Record<string, string>;
  /** Where the focus may go, in order (`parameterPaths` among them). */
  focusOrder: readonly string[];
}

/** What `useMessageForm` binds, for a part of the form drawn in a component of its own. */
export type MessageForm = ReturnType<typeof useMessageForm>;

/**
 * `templates`: the chosen number's; `attachmentArea`: what holds the AttachmentField (its button
 * takes the focus for the file).
 */
export function useMessageForm<V extends MessageFormValues>(
  form: UseFormReturnType<V>,
  templates: UseQueryResult<Template[]>,
  attachmentArea: RefObject<HTMLElement | null>,
) {
  // Only the message's fields are touched here; the form's others are left as they are.
  const message = form as unknown as UseFormReturnType<MessageFormValues>;
  const { values } = message;
  /** A file still uploading: the form waits for it. */
  const [uploading, setUploading] = useState(false);

  const template = findTemplate((templates.data ?? []).filter(isApproved), values.templateId);
  /** How many values the template takes (those kept while its template is not known). */
  const slots = template ? templateSlots(template).length : values.templateParameters.length;
  const parameterPaths = Array.from({ length: slots }, (_, at) => parameterPath(at));

  /** A field's `data-path` (the form's name and the path), which `getInputNode` finds. */
  const pathOf = (field: string) => (message.getInputProps(field) as { 'data-path'?: string })['data-path'];
  const errorOf = (field: string) => {
    const error = message.errors[field];
    return typeof error === 'string' && error !== '' ? error : undefined;
  };

  function chooseTemplate(next: Template | null) {
    message.setValues({
      templateId: next ? String(next.id) : null,
      templateParameters: next ? templateSlots(next).map(() => '') : [],
    });
    message.setErrors(
      Object.fromEntries(
        Object.entries(message.errors).filter(
          ([field]) => field !== 'templateId' && !field.startsWith('templateParameters'),
        ),
      ),
    );
  }

  const attachmentProps = {
    value: values.attachment,
    onChange: (file: AttachedFile | null) => {
      message.setFieldValue('attachment', file);
      message.clearFieldError('attachment');
      message.clearFieldError('body');
    },
    onUploadingChange: setUploading,
    error: errorOf('attachment'),
  } satisfies Partial<AttachmentFieldProps>;

  const templateProps = {
    templates,
    value: values.templateId,
    onChange: chooseTemplate,
    parameters: values.templateParameters,
    onParameterChange: (position: number, value: string) => {
      message.setFieldValue(parameterPath(position), value);
      message.clearFieldError(parameterPath(position));
    },
    error: errorOf('templateId'),
    selectProps: { 'data-path': pathOf('templateId') },
    parameterError: (position: number) => errorOf(parameterPath(position)),
    parameterProps: (position: number) => ({ 'data-path': pathOf(parameterPath(position)) }),
  } satisfies Partial<TemplateFieldsProps>;

  /** The number's select: searched by name; another number's templates differ, so the template goes. */
  function numberSelectProps(failed: boolean) {
    return {
      searchable: true,
      nothingFoundMessage: 'Nenhum número com esse nome',
      comboboxProps: { withinPortal: true },
      ...message.getInputProps('instanceId'),
      onChange: (id: string | null) => {
        message.setValues({ instanceId: id, templateId: null, templateParameters: [] });
        message.clearFieldError('instanceId');
      },
      error: errorOf('instanceId') ?? (failed ? 'Não foi possível carregar os números.' : undefined),
    };
  }

  /** Focuses the first field of `order` with an error. */
  function focusFirst(errors: Record<string, unknown>, order: readonly string[]) {
    const first = order.find((field) => errors[field]);
    if (!first) return;
    if (first === 'attachment') attachmentArea.current?.querySelector<HTMLButtonElement>('button')?.focus();
    else message.getInputNode(first)?.focus();
  }

  /**
   * Shows the server's refusal of what `content` sends: each error under its field when that is on
   * screen, focused; returns the messages for above the fields.
   */
  function showRefusal(error: unknown, content: MessageFormValues['content'], refusal: Refusal): string[] {
    const onScreen = new Set(refusal.onScreen);
    const fieldMap: Record<string, string> = {
      ...refusal.fieldMap,
      body: 'body',
      attachment: 'attachment',
      'attachment.mediaId': 'attachment',
      template: 'templateId',
      'template.id': 'templateId',
    };
    if (content === 'text') ['body', 'attachment'].forEach((field) => onScreen.add(field));
    else {
      onScreen.add('templateId');
      parameterPaths.forEach((field) => onScreen.add(field));
    }
    parameterPaths.forEach((field, at) => (fieldMap[serverParameterField(at)] = field));
    const shown = Object.fromEntries(Object.entries(fieldMap).filter(([, field]) => onScreen.has(field)));
    const errors = formErrors(error, shown);
    const field = error instanceof ApiError ? { ...CONTENT_CODE_FIELDS, ...refusal.codeFields }[error.code] : undefined;
    if (error instanceof ApiError && field && onScreen.has(field) && Object.keys(errors.fields).length === 0) {
      errors.fields[field] = error.message;
      errors.general = errors.general.filter((text) => text !== error.message);
    }
    message.setErrors(errors.fields);
    focusFirst(errors.fields, refusal.focusOrder);
    return errors.general;
  }

  return {
    uploading,
    slots,
    parameterPaths,
    pathOf,
    errorOf,
    attachmentProps,
    templateProps,
    numberSelectProps,
    focusFirst,
    showRefusal,
  };
}
