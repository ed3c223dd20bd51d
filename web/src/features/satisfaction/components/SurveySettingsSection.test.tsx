import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { SurveySettings } from '../api/schemas';
import { SurveySettingsSection } from './SurveySettingsSection';

const DEFAULTS: SurveySettings = {
  enabled: false,
  question:
    'Olá, {{nome}}! Como você avalia o atendimento de {{atendente}}? Responda com uma nota de 1 (muito ruim) a 5 (excelente) e, se quiser, um comentário depois da nota.',
  thanks: 'Obrigado pela avaliação! Se precisar de algo mais, é só escrever.',
  answerMinutes: 1440,
  excludedDepartmentIds: [],
  templates: [],
};

/** GET /api/inbox/instances: two official numbers (Cloud API) and a gateway's. */
const INSTANCES = [
  { id: 3, name: 'WhatsApp Oficial', official: true },
  { id: 4, name: 'Loja (gateway)', official: false },
  { id: 5, name: 'Oficial Sul', official: true },
];

function template(id: number, instanceId: number, name: string, status: string, body: string, parameters = 0) {
  return {
    id,
    instanceId,
    name,
    language: 'pt_BR',
    category: 'UTILITY',
    status,
    header: null,
    body,
    footer: null,
    parameters: Array.from({ length: parameters }, (_, at) => ({ index: at + 1, example: null })),
    syncedAt: '2026-11-20T12:00:00Z',
  };
}

/** GET /api/templates?instanceId=: the numbers' templates. */
const TEMPLATES: Record<string, unknown[]> = {
  '3': [
    template(
      11,
      3,
      'pesquisa_pos_atendimento',
      'APPROVED',
      'Olá, {{1}}! Como foi o atendimento de {{2}}? Responda de 1 a 5.',
      2,
    ),
    template(12, 3, 'pesquisa_nova', 'PENDING', 'Sua opinião importa, {{1}}.', 1),
  ],
  '5': [template(21, 5, 'pesquisa_curta', 'APPROVED', 'Como foi o atendimento? Responda de 1 a 5.')],
};

function numbersAndTemplates(instances: unknown[] = INSTANCES) {
  return {
    'GET /api/inbox/instances': () => json(instances),
    'GET /api/templates': (call: { query: URLSearchParams }) =>
      json(TEMPLATES[call.query.get('instanceId') ?? ''] ?? []),
  };
}

const DEPARTMENTS = [
  { id: 5, name: 'Suporte', activated: true },
  { id: 6, name: 'Financeiro', activated: true },
  { id: 7, name: 'Antigo', activated: false },
];

describe('SurveySettingsSection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns the survey on, changes the deadline and leaves a department out', async () => {
    logIn(['users']);
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/survey': () => json(DEFAULTS),
      'GET /api/departments': () => json(DEPARTMENTS),
      ...numbersAndTemplates(),
      'PUT /api/survey': (call) => json(call.body),
    });
    renderWithProviders(<SurveySettingsSection />);

    expect(
      await screen.findByText(/Olá, Maria! Como você avalia o atendimento de Ana\? Responda com uma nota/),
    ).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Salvar pesquisa' });
    expect(save).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: /Enviar pesquisa ao encerrar/ }));
    await user.click(screen.getByRole('combobox', { name: 'Prazo para responder' }));
    await user.click(await screen.findByRole('option', { name: '3 dias' }));
    await user.click(screen.getByRole('combobox', { name: 'Departamentos sem pesquisa' }));
    expect(screen.queryByRole('option', { name: /Antigo/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Financeiro' }));
    await user.click(save);

    await waitFor(() => expect(callsTo('PUT /api/survey')).toHaveLength(1));
    expect(callsTo('PUT /api/survey')[0]!.body).toEqual({
      ...DEFAULTS,
      enabled: true,
      answerMinutes: 4320,
      excludedDepartmentIds: [6],
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Salvar pesquisa' })).toBeDisabled());
  });

  it("puts the server's 422 under the fields it names", async () => {
    logIn(['users']);
    const user = userEvent.setup();
    stubFetch({
      'GET /api/survey': () => json({ ...DEFAULTS, enabled: true }),
      'GET /api/departments': () => json(DEPARTMENTS),
      ...numbersAndTemplates(),
      'PUT /api/survey': () =>
        json(
          {
            code: 'invalid_survey',
            message: 'Pesquisa inválida.',
            errors: [
              { field: 'question', message: 'A pergunta precisa pedir uma nota.' },
              { field: 'answerMinutes', message: 'Prazo de 5 minutos a 7 dias.' },
            ],
          },
          422,
        ),
    });
    renderWithProviders(<SurveySettingsSection />);

    const question = await screen.findByRole('textbox', { name: 'Pergunta' });
    await user.clear(question);
    await user.type(question, 'Tudo certo, {{{{nome}}?');
    expect(question).toHaveValue('Tudo certo, {{nome}}?');
    expect(screen.getByText(/Tudo certo, Maria\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar pesquisa' }));

    expect(await screen.findByText('A pergunta precisa pedir uma nota.')).toBeInTheDocument();
    expect(question).toHaveAccessibleDescription(expect.stringContaining('A pergunta precisa pedir uma nota.'));
    expect(screen.getByText('Prazo de 5 minutos a 7 dias.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses an empty thanks before sending', async () => {
    logIn(['users']);
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/survey': () => json(DEFAULTS),
      'GET /api/departments': () => json(DEPARTMENTS),
      ...numbersAndTemplates(),
    });
    renderWithProviders(<SurveySettingsSection />);
    await user.clear(await screen.findByRole('textbox', { name: 'Agradecimento' }));
    await user.click(screen.getByRole('button', { name: 'Salvar pesquisa' }));
    expect(await screen.findByText('Escreva o agradecimento.')).toBeInTheDocument();
    expect(callsTo('PUT /api/survey')).toHaveLength(0);
  });

  it('chooses an approved template for an official number past the 24-hour window, saved with the rest', async () => {
    logIn(['users']);
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/survey': () => json(DEFAULTS),
      'GET /api/departments': () => json(DEPARTMENTS),
      ...numbersAndTemplates(),
      'PUT /api/survey': (call) => json(call.body),
    });
    renderWithProviders(<SurveySettingsSection />);

    const section = await screen.findByRole('region', { name: 'Fora da janela de 24 horas (números oficiais)' });
    expect(within(section).getByText(/a Meta só aceita modelos aprovados/)).toBeInTheDocument();
    // Only the official numbers.
    const official = await within(section).findByRole('group', { name: 'WhatsApp Oficial' });
    expect(within(section).getByRole('group', { name: 'Oficial Sul' })).toBeInTheDocument();
    expect(within(section).queryByRole('group', { name: /Loja/ })).not.toBeInTheDocument();

    const select = await within(official).findByRole('combobox', { name: 'Modelo aprovado' });
    expect(select).toHaveValue('Sem modelo (não enviar fora da janela)');
    await user.click(select);
    const listbox = await screen.findByRole('listbox', { name: 'Modelo aprovado' });
    expect(within(listbox).getByRole('option', { name: 'pesquisa_nova (pt_BR) — em análise' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(within(listbox).getByRole('option', { name: 'pesquisa_pos_atendimento (pt_BR)' }));

    const first = within(official).getByRole('textbox', { name: 'Parâmetro {{1}}' });
    const second = within(official).getByRole('textbox', { name: 'Parâmetro {{2}}' });
    expect(first).toHaveAttribute('placeholder', 'Ex.: {{nome}}');
    expect(second).toHaveAttribute('placeholder', 'Ex.: {{atendente}}');
    await user.click(first);
    await user.paste('{{nome}}');
    await user.click(second);
    await user.paste(' {{atendente}} ');
    // The preview, as the customer reads it.
    expect(within(official).getByTestId('template-text')).toHaveTextContent(
      'Olá, Maria! Como foi o atendimento de Ana? Responda de 1 a 5.',
    );

    await user.click(screen.getByRole('button', { name: 'Salvar pesquisa' }));
    await waitFor(() => expect(callsTo('PUT /api/survey')).toHaveLength(1));
    expect(callsTo('PUT /api/survey')[0]!.body).toEqual({
      ...DEFAULTS,
      templates: [{ instanceId: 3, templateId: 11, parameters: ['{{nome}}', '{{atendente}}'] }],
    });
  });

  it('"Sem modelo" takes a number’s template out', async () => {
    logIn(['users']);
    const user = userEvent.setup();
    const saved = {
      ...DEFAULTS,
      templates: [
        { instanceId: 3, templateId: 11, parameters: ['{{nome}}', '{{atendente}}'] },
        { instanceId: 5, templateId: 21, parameters: [] },
      ],
    };
    const { callsTo } = stubFetch({
      'GET /api/survey': () => json(saved),
      'GET /api/departments': () => json(DEPARTMENTS),
      ...numbersAndTemplates(),
      'PUT /api/survey': (call) => json(call.body),
    });
    renderWithProviders(<SurveySettingsSection />);
    const official = await screen.findByRole('group', { name: 'WhatsApp Oficial' });
    const select = await within(official).findByRole('combobox', { name: 'Modelo aprovado' });
    expect(select).toHaveValue('pesquisa_pos_atendimento (pt_BR)');
    expect(within(official).getByRole('textbox', { name: 'Parâmetro {{1}}' })).toHaveValue('{{nome}}');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Sem modelo (não enviar fora da janela)' }));
    expect(within(official).queryByRole('textbox', { name: 'Parâmetro {{1}}' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar pesquisa' }));
    await waitFor(() => expect(callsTo('PUT /api/survey')).toHaveLength(1));
    expect(callsTo('PUT /api/survey')[0]!.body).toEqual({
      ...DEFAULTS,
      templates: [{ instanceId: 5, templateId: 21, parameters: [] }],
    });
  });

  it("puts the server's 422 about a template under its number's select and values", async () => {
    logIn(['users']);
    const user = userEvent.setup();
    const saved = {
      ...DEFAULTS,
      templates: [
        { instanceId: 3, templateId: 11, parameters: ['{{nome}}', '{{atendente}}'] },
        { instanceId: 5, templateId: 21, parameters: [] },
      ],
    };
    const { callsTo } = stubFetch({
      'GET /api/survey': () => json(saved),
      'GET /api/departments': () => json(DEPARTMENTS),
      ...numbersAndTemplates(),
      'PUT /api/survey': () =>
        json(
          {
            code: 'invalid_survey',
            message: 'O modelo "pesquisa_pos_atendimento" não está aprovado pela Meta (situação: PAUSED).',
            errors: [
              {
                field: 'templates[0].templateId',
                message: 'O modelo "pesquisa_pos_atendimento" não está aprovado pela Meta (situação: PAUSED).',
              },
              { field: 'templates[0].parameters[1]', message: 'Preencha o parâmetro {{2}}.' },
              { field: 'templates[1].instanceId', message: 'Escolha um número oficial.' },
            ],
          },
          422,
        ),
    });
    renderWithProviders(<SurveySettingsSection />);
    const official = await screen.findByRole('group', { name: 'WhatsApp Oficial' });
    await within(official).findByRole('combobox', { name: 'Modelo aprovado' });
    await user.click(screen.getByRole('switch', { name: /Enviar pesquisa ao encerrar/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar pesquisa' }));

    await waitFor(() => expect(callsTo('PUT /api/survey')).toHaveLength(1));
    expect(callsTo('PUT /api/survey')[0]!.body).toMatchObject({ enabled: true, templates: saved.templates });
    await waitFor(() =>
      expect(within(official).getByRole('combobox', { name: 'Modelo aprovado' })).toHaveAccessibleDescription(
        expect.stringContaining('não está aprovado pela Meta (situação: PAUSED)'),
      ),
    );
    expect(within(official).getByRole('textbox', { name: 'Parâmetro {{2}}' })).toHaveAccessibleDescription(
      expect.stringContaining('Preencha o parâmetro {{2}}.'),
    );
    expect(within(official).getByRole('textbox', { name: 'Parâmetro {{1}}' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    const south = screen.getByRole('group', { name: 'Oficial Sul' });
    expect(within(south).getByRole('combobox', { name: 'Modelo aprovado' })).toHaveAccessibleDescription(
      expect.stringContaining('Escolha um número oficial.'),
    );
    // Every field was placed: no alert on top.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Changing the number's value takes its errors away.
    await user.type(within(official).getByRole('textbox', { name: 'Parâmetro {{2}}' }), 'x');
    expect(within(official).queryByText('Preencha o parâmetro {{2}}.')).not.toBeInTheDocument();
  });

  it('asks for every value before sending', async () => {
    logIn(['users']);
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/survey': () => json(DEFAULTS),
      'GET /api/departments': () => json(DEPARTMENTS),
      ...numbersAndTemplates(),
    });
    renderWithProviders(<SurveySettingsSection />);
    const official = await screen.findByRole('group', { name: 'WhatsApp Oficial' });
    await user.click(await within(official).findByRole('combobox', { name: 'Modelo aprovado' }));
    await user.click(await screen.findByRole('option', { name: 'pesquisa_pos_atendimento (pt_BR)' }));
    await user.click(within(official).getByRole('textbox', { name: 'Parâmetro {{1}}' }));
    await user.paste('{{nome}}');
    await user.click(screen.getByRole('button', { name: 'Salvar pesquisa' }));
    expect(await within(official).findByText('Preencha o parâmetro {{2}}.')).toBeInTheDocument();
    expect(callsTo('PUT /api/survey')).toHaveLength(0);
  });

  it('says the survey goes as text when the company has no official number', async () => {
    logIn(['users']);
    stubFetch({
      'GET /api/survey': () => json({ ...DEFAULTS, templates: undefined }),
      'GET /api/departments': () => json(DEPARTMENTS),
      ...numbersAndTemplates([{ id: 4, name: 'Loja (gateway)', official: false }]),
    });
    renderWithProviders(<SurveySettingsSection />);
    const section = await screen.findByRole('region', { name: 'Fora da janela de 24 horas (números oficiais)' });
    expect(await within(section).findByText('Nenhum número oficial: a pesquisa vai como texto.')).toBeInTheDocument();
    expect(within(section).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('reads the official numbers from GET /api/instance by their provider kind', async () => {
    logIn(['users', 'instances']);
    const { callsTo } = stubFetch({
      'GET /api/survey': () => json(DEFAULTS),
      'GET /api/departments': () => json(DEPARTMENTS),
      'GET /api/instance': () =>
        json([
          { id: 3, name: 'WhatsApp Oficial', activated: true, providerKind: 'cloud' },
          { id: 4, name: 'Loja (gateway)', activated: true, providerKind: 'evolution' },
        ]),
      'GET /api/templates': (call) => json(TEMPLATES[call.query.get('instanceId') ?? ''] ?? []),
    });
    renderWithProviders(<SurveySettingsSection instanceSource="instances" />);
    expect(await screen.findByRole('group', { name: 'WhatsApp Oficial' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Loja/ })).not.toBeInTheDocument();
    expect(callsTo('GET /api/inbox/instances')).toHaveLength(0);
  });
});
