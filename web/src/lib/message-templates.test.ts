import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  fillTemplate,
  findTemplate,
  isApproved,
  TemplateSchema,
  templateOptions,
  templateParts,
  templateSlots,
  type Template,
} from './message-templates';

/** An approved template with two parameters, as `GET /api/templates` answers it. */
function messageTemplate(extra: Partial<Template> = {}): Template {
  return {
    id: 12,
    instanceId: 9,
    name: 'pedido_enviado',
    language: 'pt_BR',
    category: 'UTILITY',
    status: 'APPROVED',
    header: 'Seu pedido saiu',
    body: 'Olá {{1}}, o pedido {{2}} está a caminho.',
    footer: 'Loja Exemplo',
    parameters: [
      { index: 1, example: 'Maria' },
      { index: 2, example: 'PED-123' },
    ],
    syncedAt: '2026-12-01T10:00:00Z',
    ...extra,
  };
}

describe('message templates', () => {
  it('has one parameter per placeholder, up to the highest the body or the server names', () => {
    expect(templateSlots({ body: 'Olá {{1}}, seu pedido {{2}} saiu.', parameters: [] })).toEqual([1, 2]);
    expect(
      templateSlots({
        body: 'Código: {{1}}',
        parameters: [
          { index: 1, example: null },
          { index: 2, example: null },
        ],
      }),
    ).toEqual([1, 2]);
    expect(templateSlots({ body: 'Sem parâmetros.', parameters: [] })).toEqual([]);
    // The same placeholder twice is one parameter.
    expect(templateSlots({ body: '{{1}} e {{1}}', parameters: [] })).toEqual([1]);
  });

  it('fills the body with what was typed, leaving an empty parameter as {{n}}', () => {
    const body = 'Olá {{1}}, seu pedido {{2}} saiu.';
    expect(fillTemplate(body, ['Maria', ' 123 '])).toBe('Olá Maria, seu pedido 123 saiu.');
    expect(fillTemplate(body, ['Maria', '  '])).toBe('Olá Maria, seu pedido {{2}} saiu.');
    expect(templateParts(body, ['Maria'])).toEqual([
      { text: 'Olá ' },
      { index: 1, value: 'Maria' },
      { text: ', seu pedido ' },
      { index: 2, value: null },
      { text: ' saiu.' },
    ]);
  });

  it('sends only approved ones, and names the categories in Portuguese', () => {
    expect(isApproved({ status: 'APPROVED' })).toBe(true);
    for (const status of ['PENDING', 'REJECTED', 'PAUSED', 'DISABLED', 'IN_APPEAL']) {
      expect(isApproved({ status })).toBe(false);
    }
    expect(['MARKETING', 'UTILITY', 'AUTHENTICATION', 'OTHER'].map(categoryLabel)).toEqual([
      'Marketing',
      'Utilidade',
      'Autenticação',
      'OTHER',
    ]);
  });

  // From the campaigns' tests (official numbers).
  it('offers only approved templates, with their categories in pt_BR', () => {
    expect(isApproved(messageTemplate())).toBe(true);
    expect(isApproved(messageTemplate({ status: 'PENDING' }))).toBe(false);
    expect(categoryLabel('UTILITY')).toBe('Utilidade');
    expect(categoryLabel('marketing')).toBe('Marketing');
    expect(categoryLabel('AUTHENTICATION')).toBe('Autenticação');
    expect(categoryLabel('OUTRA')).toBe('OUTRA');
  });

  it('asks one value per parameter and fills the text with what was typed', () => {
    expect(templateSlots(messageTemplate())).toEqual([1, 2]);
    expect(templateSlots(messageTemplate({ body: 'Oi {{1}} {{3}}', parameters: [] }))).toEqual([1, 2, 3]);
    expect(fillTemplate('Olá {{1}}, pedido {{2}}.', ['{{nome}}', ''])).toBe('Olá {{nome}}, pedido {{2}}.');
  });

  it('offers a select of templates by id, labelled with name and language', () => {
    const templates = [messageTemplate(), messageTemplate({ id: 13, name: 'boas_vindas', language: 'en_US' })];
    expect(templateOptions(templates)).toEqual([
      { value: '12', label: 'pedido_enviado (pt_BR)' },
      { value: '13', label: 'boas_vindas (en_US)' },
    ]);
    expect(findTemplate(templates, '13')?.name).toBe('boas_vindas');
    expect(findTemplate(templates, '99')).toBeNull();
    expect(findTemplate(templates, '')).toBeNull();
    expect(findTemplate(templates, null)).toBeNull();
  });

  it('reads a template the server left fields out of, with null for them', () => {
    const read = TemplateSchema.parse({
      id: 1,
      instanceId: 2,
      name: 'oi',
      language: 'pt_BR',
      category: 'UTILITY',
      status: 'APPROVED',
      body: 'Oi',
    });
    expect(read).toEqual({ ...read, header: null, footer: null, parameters: [], syncedAt: null });
  });
});
