import { describe, expect, it } from 'vitest';
import { CampaignSchema, PreflightSchema } from './api/schemas';
import {
  EMPTY_DRAFT,
  fieldOfServer,
  isOfficial,
  parsePhones,
  scheduleToIso,
  toInput,
  usedVariables,
  validateDraft,
} from './draft';
import { campaign } from './test-data';

const NOW = new Date('2026-11-25T12:00:00Z');

describe('the campaign draft', () => {
  it('reads one phone a line, blank lines left out', () => {
    expect(parsePhones(' 11 99999-0000 \n\n+55 21 98888-7777\r\n  ')).toEqual(['11 99999-0000', '+55 21 98888-7777']);
  });

  it('finds the variables a message uses, lower-cased, once each', () => {
    expect(usedVariables('Olá {{ Nome }}, {{cupom}} e {{nome}} {{CUPOM}}')).toEqual(['nome', 'cupom']);
  });

  it('reads the schedule as São Paulo time and sends it as ISO UTC', () => {
    expect(scheduleToIso('2026-12-01', '09:00')).toBe('2026-12-01T12:00:00Z');
    expect(scheduleToIso('2026-12-01', '')).toBeNull();
  });

  it('builds the create body from every recipient source', () => {
    const input = toInput(
      {
        ...EMPTY_DRAFT,
        name: ' Black Friday ',
        instanceId: '3',
        body: 'Olá {{nome}}',
        phones: '11 99999-0000\n',
        groupIds: ['2', '5'],
        schedule: true,
        scheduleDate: '2026-12-01',
        scheduleTime: '09:00',
      },
      {
        contacts: [{ row: 2, phone: '11988887777', name: 'Ana', fields: { cupom: 'ANA10' } }],
        columns: ['cupom'],
        errors: [],
      },
    );
    expect(input).toEqual({
      name: 'Black Friday',
      instanceId: 3,
      body: 'Olá {{nome}}',
      phones: ['11 99999-0000'],
      customerGroupIds: [2, 5],
      contacts: [{ phone: '11988887777', name: 'Ana', fields: { cupom: 'ANA10' } }],
      scheduledAt: '2026-12-01T12:00:00Z',
    });
    expect(toInput({ ...EMPTY_DRAFT, instanceId: '3' }, null)).not.toHaveProperty('scheduledAt');
  });

  it('checks what is missing before asking the server', () => {
    expect(validateDraft(EMPTY_DRAFT, null, NOW)).toEqual({
      name: 'Dê um nome à campanha.',
      instanceId: 'Escolha a instância que envia.',
      body: 'Escreva a mensagem.',
      phones: 'Informe ao menos um destinatário: telefones, um grupo ou um arquivo.',
    });
    const ok = { ...EMPTY_DRAFT, name: 'X', instanceId: '3', body: 'Oi {{nome}}', groupIds: ['2'] };
    expect(validateDraft(ok, null, NOW)).toEqual({});
    expect(validateDraft({ ...ok, body: 'Seu cupom: {{cupom}}' }, null, NOW).body).toMatch(
      /^Variável desconhecida: \{\{cupom\}\}\. Use \{\{nome\}\}, \{\{telefone\}\}\.$/,
    );
    expect(
      validateDraft({ ...ok, body: 'Seu cupom: {{cupom}}' }, { contacts: [], columns: ['cupom'], errors: [] }, NOW),
    ).toEqual({});
    expect(
      validateDraft({ ...ok, schedule: true, scheduleDate: '2026-11-25', scheduleTime: '08:00' }, null, NOW)
        .scheduleTime,
    ).toBe('Escolha um momento no futuro.');
  });

  it('maps the server’s 422 fields to the form', () => {
    expect(fieldOfServer('body')).toBe('body');
    expect(fieldOfServer('phones[2]')).toBe('phones');
    expect(fieldOfServer('contacts[0].phone')).toBe('phones');
    expect(fieldOfServer('customerGroupIds')).toBe('groupIds');
    expect(fieldOfServer('scheduledAt')).toBe('scheduleTime');
    expect(fieldOfServer('other')).toBeUndefined();
  });

  it('sends the uploaded file as {mediaId, fileName}, and nothing without one', () => {
    const values = { ...EMPTY_DRAFT, name: 'Promo', instanceId: '3', body: 'Oi', phones: '11 99999-0000' };
    const file = { mediaId: 44, fileName: 'promo.png', size: 512_000, mimeType: 'image/png' };
    expect(toInput({ ...values, attachment: file }, null).attachment).toEqual({ mediaId: 44, fileName: 'promo.png' });
    expect(toInput(values, null)).not.toHaveProperty('attachment');
    expect(fieldOfServer('attachment')).toBe('attachment');
    expect(fieldOfServer('attachment.mediaId')).toBe('attachment');
  });

  it('reads a campaign without the attachment field (an older server) as without a file', () => {
    const { attachment: _, ...older } = campaign();
    expect(CampaignSchema.parse(older).attachment).toBeNull();
    expect(CampaignSchema.parse({ ...older, attachment: { mediaId: 44, fileName: 'promo.png' } }).attachment).toEqual({
      mediaId: 44,
      fileName: 'promo.png',
    });
  });

  it('on an official number sends the template and its parameters, with an empty body and no file', () => {
    const values = {
      ...EMPTY_DRAFT,
      name: 'Pedidos',
      instanceId: '9',
      body: 'Texto livre de antes',
      phones: '11 99999-0000',
      attachment: { mediaId: 44, fileName: 'promo.png', size: 1, mimeType: 'image/png' },
      templateId: '12',
      templateParameters: [' {{nome}} ', 'PED-42'],
    };
    expect(toInput(values, null, true)).toEqual({
      name: 'Pedidos',
      instanceId: 9,
      body: '',
      phones: ['11 99999-0000'],
      customerGroupIds: [],
      contacts: [],
      template: { id: 12, parameters: ['{{nome}}', 'PED-42'] },
    });
    // Another number: the free text and its file, no template.
    const other = toInput(values, null, false);
    expect(other.body).toBe('Texto livre de antes');
    expect(other).not.toHaveProperty('template');
    expect(other.attachment).toEqual({ mediaId: 44, fileName: 'promo.png' });
  });

  it('checks the template and each parameter instead of the message on an official number', () => {
    const ok = { ...EMPTY_DRAFT, name: 'X', instanceId: '9', groupIds: ['2'] };
    expect(validateDraft(ok, null, NOW, true)).toEqual({ templateId: 'Escolha um modelo aprovado.' });
    expect(validateDraft({ ...ok, templateId: '12', templateParameters: ['{{cupom}}', ' '] }, null, NOW, true)).toEqual(
      {
        'templateParameters.0': 'Variável desconhecida: {{cupom}}. Use {{nome}}, {{telefone}}.',
        'templateParameters.1': 'Preencha o parâmetro {{2}}.',
      },
    );
    const columns = { contacts: [], columns: ['cupom'], errors: [] };
    expect(
      validateDraft({ ...ok, templateId: '12', templateParameters: ['{{cupom}}', 'x'] }, columns, NOW, true),
    ).toEqual({});
  });

  it('maps the server’s template fields to the template and its parameters', () => {
    expect(fieldOfServer('template')).toBe('templateId');
    expect(fieldOfServer('template.id')).toBe('templateId');
    expect(fieldOfServer('template.parameters')).toBe('templateId');
    expect(fieldOfServer('template.parameters[1]')).toBe('templateParameters.1');
  });

  it('tells an official number by the list, else by its templates or the server asking for one', () => {
    expect(isOfficial(true, undefined)).toBe(true);
    expect(isOfficial(false, [{}])).toBe(false);
    expect(isOfficial(false, [], true)).toBe(true);
    expect(isOfficial(null, undefined)).toBeNull();
    expect(isOfficial(null, [])).toBe(false);
    expect(isOfficial(null, [{}])).toBe(true);
  });

  it('reads a campaign and a pre-flight without the template fields (an older server) as without a template', () => {
    const { template: _, ...older } = campaign();
    expect(CampaignSchema.parse(older).template).toBeNull();
    expect(PreflightSchema.parse({ recipients: 1 })).toMatchObject({ template: null, estimatedCost: null });
  });
});
