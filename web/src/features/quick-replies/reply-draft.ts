/**
 * The reply form ⇄ the API (docs/quick-replies.md#files-and-templates): what a reply sends — a text
 * (with, or not, a file whose caption it becomes) or an official number's approved template with a
 * value per parameter (then no text: the template's is what goes) —, the form's values of a reply
 * being edited, the body of a new one and the changes of one being edited (only what changed; a
 * file or a template dropped goes as `null`). Pure, for the tests.
 */
import { toMediaAttachment, type AttachedFile } from '../../lib/media-upload';
import type { QuickReply, QuickReplyScope } from '../../lib/quick-replies';
import type { NewQuickReply, ReplyTemplateChoice } from './api/create-quick-reply';
import type { QuickReplyChanges } from './api/update-quick-reply';
import { normalizeShortcut } from './validation';

/** What the reply sends: a text (and a file, if any) or an approved template. */
export type ReplyContent = 'text' | 'template';

export interface ReplyValues {
  shortcut: string;
  body: string;
  scope: QuickReplyScope;
  /** The department of a `department` reply, as the select keeps it. */
  departmentId: string | null;
  content: ReplyContent;
  attachment: AttachedFile | null;
  /** The official number whose templates are offered, its id as the select keeps it. */
  instanceId: string | null;
  /** The chosen template's id as the select keeps it. */
  templateId: string | null;
  /** The values of `{{1}}`, `{{2}}`…, variables allowed. */
  templateParameters: string[];
}

/** The form as a reply fills it (a new one: empty, personal, a text). */
export function replyValues(reply: QuickReply | null): ReplyValues {
  const template = reply?.template ?? null;
  const attachment = reply?.attachment ?? null;
  return {
    shortcut: reply?.shortcut ?? '',
    body: reply?.body ?? '',
    scope: 'personal',
    departmentId: null,
    content: template ? 'template' : 'text',
    attachment: attachment
      ? {
          mediaId: attachment.mediaId,
          fileName: attachment.fileName,
          size: attachment.size,
          mimeType: attachment.mimeType,
        }
      : null,
    instanceId: template ? String(template.instanceId) : null,
    templateId: template ? String(template.id) : null,
    templateParameters: template ? [...template.parameters] : [],
  };
}

/** The template chosen, its values trimmed (`slots` of them); null for a text. */
export function chosenTemplate(values: ReplyValues, slots: number): ReplyTemplateChoice | null {
  if (values.content !== 'template' || values.templateId === null) return null;
  return {
    id: Number(values.templateId),
    parameters: Array.from({ length: slots }, (_, at) => values.templateParameters[at]?.trim() ?? ''),
  };
}

/** The body of POST /api/quick-replies: what is not sent is left out. */
export function newReplyInput(values: ReplyValues, scope: QuickReplyScope, slots: number): NewQuickReply {
  const template = chosenTemplate(values, slots);
  const input: NewQuickReply = {
    shortcut: normalizeShortcut(values.shortcut),
    body: template ? '' : values.body.trim(),
    scope,
  };
  if (scope === 'department' && values.departmentId !== null) input.departmentId = Number(values.departmentId);
  if (template) input.template = template;
  else if (values.attachment) input.attachment = toMediaAttachment(values.attachment);
  return input;
}

function sameTemplate(a: ReplyTemplateChoice | null, b: ReplyTemplateChoice | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.id === b.id && a.parameters.length === b.parameters.length && a.parameters.every((p, i) => p === b.parameters[i])
  );
}

/**
 * The PUT body of a reply being edited: only what changed. A text that becomes a template drops its
 * file (and its text); a template that becomes a text drops the template.
 */
export function replyChanges(reply: QuickReply, values: ReplyValues, slots: number): QuickReplyChanges {
  const changes: QuickReplyChanges = { id: reply.id };
  const shortcut = normalizeShortcut(values.shortcut);
  if (shortcut !== reply.shortcut) changes.shortcut = shortcut;
  const template = chosenTemplate(values, slots);
  const before = reply.template ? { id: reply.template.id, parameters: reply.template.parameters } : null;
  if (template) {
    if (!sameTemplate(template, before)) changes.template = template;
    if (reply.body !== '') changes.body = '';
    if (reply.attachment) changes.attachment = null;
    return changes;
  }
  const body = values.body.trim();
  if (body !== reply.body) changes.body = body;
  if (before) changes.template = null;
  const attached = values.attachment?.mediaId ?? null;
  if (attached !== (reply.attachment?.mediaId ?? null)) {
    changes.attachment = values.attachment ? toMediaAttachment(values.attachment) : null;
  }
  return changes;
}
