import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http';
import type { Template } from '../../lib/message-templates';
import type { SurveySettings, SurveyTemplate } from './api/schemas';
import { SurveySettingsSchema } from './api/schemas';
import {
  chooseTemplate,
  localTemplateErrors,
  NO_TEMPLATE,
  setParameter,
  splitTemplateErrors,
  surveyBody,
  templateChoices,
  templateFailure,
} from './survey-templates';

function template(id: number, status: string, body: string, extra: Partial<Template> = {}): Template {
  return {
    id,
    instanceId: 3,
    name: `modelo_${id}`,
    language: 'pt_BR',
    category: 'UTILITY',
    status,
    header: null,
    body,
    footer: null,
    parameters: [],
    syncedAt: null,
    ...extra,
  };
}

const TWO = template(11, 'APPROVED', 'Olá, {{1}}! Como foi o atendimento de {{2}}?');
const NONE = template(12, 'APPROVED', 'Como foi? Responda de 1 a 5.');
const PAUSED = template(13, 'PAUSED', 'Oi {{1}}');

const SETTINGS: SurveySettings = {
  enabled: true,
  question: '  Nota de 1 a 5?  ',
  thanks: ' Obrigado! ',
  answerMinutes: 1440,
  excludedDepartmentIds: [],
  templates: [],
};

describe('the survey settings schema', () => {
  it('reads an answer without `templates` (a server that does not know them yet) as none', () => {
    const { templates: _templates, ...older } = SETTINGS;
    expect(SurveySettingsSchema.parse(older).templates).toEqual([]);
    expect(
      SurveySettingsSchema.parse({ ...SETTINGS, templates: [{ instanceId: 3, templateId: 11, parameters: ['a'] }] })
        .templates,
    ).toEqual([{ instanceId: 3, templateId: 11, parameters: ['a'] }]);
  });
});

describe('templateChoices', () => {
  it('offers "Sem modelo", the approved templates, and the others disabled with their status', () => {
    expect(templateChoices([TWO, PAUSED], null)).toEqual([
      { value: NO_TEMPLATE, label: 'Sem modelo (não enviar fora da janela)' },
      { value: '11', label: 'modelo_11 (pt_BR)' },
      { value: '13', label: 'modelo_13 (pt_BR) — pausado', disabled: true },
    ]);
  });

  it('keeps a saved template the number no longer has, disabled', () => {
    expect(templateChoices([TWO], 99).at(-1)).toEqual({
      value: '99',
      label: 'Modelo nº 99 (não encontrado)',
      disabled: true,
    });
  });
});

describe('choosing', () => {
  it('one entry per number: added, replaced in place with empty values per {{n}}, or removed', () => {
    let entries: SurveyTemplate[] = chooseTemplate([], 3, TWO);
    expect(entries).toEqual([{ instanceId: 3, templateId: 11, parameters: ['', ''] }]);
    entries = chooseTemplate(entries, 5, NONE);
    entries = setParameter(entries, 3, 1, '{{atendente}}');
    expect(entries[0]).toEqual({ instanceId: 3, templateId: 11, parameters: ['', '{{atendente}}'] });
    entries = chooseTemplate(entries, 3, NONE);
    expect(entries).toEqual([
      { instanceId: 3, templateId: 12, parameters: [] },
      { instanceId: 5, templateId: 12, parameters: [] },
    ]);
    expect(chooseTemplate(entries, 3, null)).toEqual([{ instanceId: 5, templateId: 12, parameters: [] }]);
  });
});

describe('the body sent', () => {
  it('trims the texts and the values, sized to the template as loaded', () => {
    const draft: SurveySettings = {
      ...SETTINGS,
      templates: [
        // Saved when the template had three parameters: it has two now.
        { instanceId: 3, templateId: 11, parameters: [' {{nome}} ', '{{atendente}}', 'sobra'] },
        // Not loaded: sent as it is (trimmed).
        { instanceId: 5, templateId: 21, parameters: [' x '] },
      ],
    };
    const lookup = (entry: SurveyTemplate) => (entry.instanceId === 3 ? [TWO] : undefined);
    expect(surveyBody(draft, lookup)).toEqual({
      ...SETTINGS,
      question: 'Nota de 1 a 5?',
      thanks: 'Obrigado!',
      templates: [
        { instanceId: 3, templateId: 11, parameters: ['{{nome}}', '{{atendente}}'] },
        { instanceId: 5, templateId: 21, parameters: ['x'] },
      ],
    });
  });

  it('checks the values and the template before sending', () => {
    const lookup = () => [TWO, PAUSED];
    expect(
      localTemplateErrors(
        [
          { instanceId: 3, templateId: 11, parameters: ['{{nome}}', ''] },
          { instanceId: 5, templateId: 13, parameters: ['a'] },
          { instanceId: 6, templateId: 77, parameters: [] },
        ],
        lookup,
      ),
    ).toEqual({
      3: { parameter: { 1: 'Preencha o parâmetro {{2}}.' } },
      5: { template: 'O modelo "modelo_13" não está aprovado (pausado): escolha outro.' },
      6: { template: 'Modelo não encontrado para este número: escolha outro.' },
    });
  });
});

describe("the server's 422", () => {
  const sent: SurveyTemplate[] = [
    { instanceId: 3, templateId: 11, parameters: ['a', ''] },
    { instanceId: 5, templateId: 21, parameters: [] },
  ];

  it('goes to the number of the entry it names, by its place in the body sent', () => {
    const { templates, rest } = splitTemplateErrors(
      [
        { field: 'question', message: 'Escreva a mensagem.' },
        { field: 'templates[0].templateId', message: 'Modelo não encontrado para este número.' },
        { field: 'templates[0].parameters[1]', message: 'Preencha o parâmetro {{2}}.' },
        { field: 'templates[0].parameters', message: 'O modelo "x" tem 2 parâmetro(s), não 3.' },
        { field: 'templates[1].parameters', message: 'Preencha o parâmetro {{1}}.' },
        { field: 'templates[1].instanceId', message: 'Um modelo por número.' },
        { field: 'templates[7].templateId', message: 'Fora da lista.' },
      ],
      sent,
    );
    expect(templates).toEqual({
      3: {
        template: 'Modelo não encontrado para este número.',
        parameter: { 1: 'Preencha o parâmetro {{2}}.' },
        parameters: 'O modelo "x" tem 2 parâmetro(s), não 3.',
      },
      5: { parameter: { 0: 'Preencha o parâmetro {{1}}.' }, instance: 'Um modelo por número.' },
    });
    expect(rest).toEqual([
      { field: 'question', message: 'Escreva a mensagem.' },
      { field: 'templates[7].templateId', message: 'Fora da lista.' },
    ]);
  });

  it('leaves nothing for the top of the form when every field was a template’s', () => {
    const only = new ApiError(422, 'invalid_survey', 'Escolha um número oficial.', [
      { field: 'templates[1].instanceId', message: 'Escolha um número oficial.' },
    ]);
    expect(templateFailure(only, sent)).toEqual({
      templates: { 5: { instance: 'Escolha um número oficial.' } },
      rest: null,
    });

    const mixed = new ApiError(422, 'invalid_survey', 'Inválida.', [
      { field: 'answerMinutes', message: 'Prazo.' },
      { field: 'templates[0].templateId', message: 'Não aprovado.' },
    ]);
    const failure = templateFailure(mixed, sent);
    expect(failure.templates).toEqual({ 3: { template: 'Não aprovado.' } });
    expect(failure.rest).toBeInstanceOf(ApiError);
    expect((failure.rest as ApiError).errors).toEqual([{ field: 'answerMinutes', message: 'Prazo.' }]);

    const network = new Error('offline');
    expect(templateFailure(network, sent)).toEqual({ templates: {}, rest: network });
  });
});
