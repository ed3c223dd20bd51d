/**
 * Test data of what a message is written with — quick replies, official numbers' approved
 * templates, an uploaded file — for the tests of the scheduling dialog, the quick reply editor and
 * the inbox's composers. Kept in one place so that a field the API adds to one of these shapes is
 * added to the tests once.
 */
import type { Template } from '../lib/message-templates';
import type { QuickReply } from '../lib/quick-replies';
import { json } from './fixtures';

/** A company-wide reply that sends `body` (no file, no template), used by no one yet. */
export function quickReply(id: number, shortcut: string, body: string, extra: Partial<QuickReply> = {}): QuickReply {
  return {
    id,
    shortcut,
    body,
    scope: 'tenant',
    department: null,
    uses: 0,
    editable: false,
    createdAt: '2026-12-01T12:00:00Z',
    updatedAt: '2026-12-01T12:00:00Z',
    attachment: null,
    template: null,
    ...extra,
  };
}

/** A reply as a ticket offers it (GET /api/tickets/{id}/quick-replies): its variables filled. */
export interface FilledQuickReply extends QuickReply {
  text: string;
  missing: string[];
  templateParameters: string[];
}

/** A company-wide reply whose text, filled for the ticket, is `text` (nothing missing). */
export function filledReply(
  id: number,
  shortcut: string,
  text: string,
  extra: Partial<FilledQuickReply> = {},
): FilledQuickReply {
  return { ...quickReply(id, shortcut, text), text, missing: [], templateParameters: [], ...extra };
}

/**
 * An official number's template (GET /api/templates): approved, of instance 1, with a header, a
 * footer and two parameters in its body.
 */
export function messageTemplate(id: number, extra: Partial<Template> = {}): Template {
  return {
    id,
    instanceId: 1,
    name: `pedido_enviado_${id}`,
    language: 'pt_BR',
    category: 'UTILITY',
    status: 'APPROVED',
    header: 'Seu pedido',
    body: 'Olá {{1}}, seu pedido {{2}} saiu para entrega.',
    footer: 'Loja Exemplo',
    parameters: [
      { index: 1, example: 'Maria' },
      { index: 2, example: '#1234' },
    ],
    syncedAt: '2026-11-23T12:00:00Z',
    ...extra,
  };
}

/** The upload's answer for `tabela.pdf` (media 55, a 1.2 MB document). */
export const TABELA_PDF = {
  id: 55,
  type: 'document',
  mimeType: 'application/pdf',
  fileName: 'tabela.pdf',
  size: 1_258_291,
  width: null,
  height: null,
  durationMs: null,
  voice: false,
};

/** The server's 422 when a template's second value was left empty (`template_parameters`). */
export function emptyParameterRefusal(): Response {
  return json(
    {
      code: 'template_parameters',
      message: 'Preencha os parâmetros do modelo.',
      errors: [{ field: 'template.parameters[1]', message: 'O parâmetro {{2}} não pode ficar vazio.' }],
    },
    422,
  );
}
