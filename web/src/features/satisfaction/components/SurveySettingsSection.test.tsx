import { screen, waitFor } from '@testing-library/react';
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
};

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
    });
    renderWithProviders(<SurveySettingsSection />);
    await user.clear(await screen.findByRole('textbox', { name: 'Agradecimento' }));
    await user.click(screen.getByRole('button', { name: 'Salvar pesquisa' }));
    expect(await screen.findByText('Escreva o agradecimento.')).toBeInTheDocument();
    expect(callsTo('PUT /api/survey')).toHaveLength(0);
  });
});
