import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nthXhr, stubXhr } from '../../../testing/fake-xhr';
import { json, logIn, requestUrl, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import type { BotConfig } from '../api/schemas';
import { botConfig } from '../test-data';
import { ChatbotScreen } from './ChatbotScreen';

const INSTANCES = [
  { id: 3, name: 'WhatsApp Loja', activated: true },
  { id: 4, name: 'WhatsApp Antigo', activated: false },
];
const OPTIONS = {
  roles: [],
  departments: [
    { id: 6, name: 'Financeiro', activated: true },
    { id: 5, name: 'Suporte', activated: true },
  ],
  instances: [],
};
const REASONS = [
  { id: 4, name: 'Sem resposta', activated: true },
  { id: 2, name: 'Resolvido', activated: true },
];

function routes(canEdit = true) {
  return [
    {
      path: '/chatbot',
      element: (
        <>
          <Link to="/outra">Outra tela</Link>
          <ChatbotScreen canEdit={canEdit} instanceSource="instances" departmentSource="users" />
        </>
      ),
    },
    { path: '/outra', element: <p>Outra tela aberta</p> },
  ];
}

function apis(config: (instanceId: string | null) => BotConfig = () => botConfig(), extra = {}) {
  return stubFetch({
    'GET /api/bot/config': (call) => {
      void call;
      return json(config(lastInstanceId));
    },
    'GET /api/instance': () => json(INSTANCES),
    'GET /api/users/options': () => json(OPTIONS),
    'GET /api/closing-reasons': () => json(REASONS),
    ...extra,
  });
}

/** The `instanceId` of the last GET /api/bot/config (stubFetch records paths without queries). */
let lastInstanceId: string | null = null;

function trackConfigQueries(fetchMock: ReturnType<typeof stubFetch>['fetchMock']) {
  const original = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    if (url.pathname === '/api/bot/config') lastInstanceId = url.searchParams.get('instanceId');
    if (!original) throw new Error('no fetch stub');
    return original(input, init);
  });
}

async function openEditor(path = '/chatbot', canEdit = true) {
  const result = renderRoutes(routes(canEdit), path);
  await screen.findByRole('textbox', { name: /Nome do assistente/ });
  return result;
}

/** Replaces a field's text in one change (typing a whole word re-renders the form per key). */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.clear(element);
  await user.click(element);
  await user.paste(text);
}

function optionCards() {
  return screen.getAllByTestId('bot-option');
}

// A big controlled form: each change re-renders it, which jsdom takes its time over.
describe('ChatbotScreen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    lastInstanceId = null;
    logIn(['chatbot', 'instances', 'users']);
  });

  it('shows the default bot and saves the whole configuration, options in their new order', async () => {
    const user = userEvent.setup();
    const saved = botConfig({ name: 'Marina', updatedAt: '2026-11-25T10:00:00Z' });
    const { callsTo } = apis(undefined, { 'PUT /api/bot/config': () => json(saved) });
    await openEditor();
    expect(screen.getByRole('textbox', { name: /Nome do assistente/ })).toHaveValue('Maria');
    expect(optionCards()).toHaveLength(3);
    expect(within(optionCards()[0]!).getByRole('textbox', { name: /Texto da opção 1/ })).toHaveValue('Financeiro');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();

    await fill(user, screen.getByRole('textbox', { name: /Nome do assistente/ }), 'Marina');
    await user.click(screen.getByRole('button', { name: 'Mover 1. Financeiro para baixo' }));
    expect(within(optionCards()[0]!).getByRole('textbox', { name: /Texto da opção 1/ })).toHaveValue(
      'Horário de funcionamento',
    );
    await user.click(screen.getByRole('button', { name: 'Adicionar opção' }));
    const added = optionCards()[3]!;
    await fill(user, within(added).getByRole('textbox', { name: /Texto da opção 4/ }), 'Trocas');
    await user.click(within(added).getByRole('combobox', { name: 'O que fazer' }));
    await user.click(screen.getByRole('option', { name: 'Falar com atendente' }));
    expect(screen.getByText('Alterações não salvas')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('PUT /api/bot/config')).toHaveLength(1));
    const body = callsTo('PUT /api/bot/config')[0]?.body as BotConfig;
    expect(body.name).toBe('Marina');
    expect(body.instanceId).toBeNull();
    expect(body.options.map((option) => [option.key, option.label, option.action])).toEqual([
      ['hor', 'Horário de funcionamento', 'answer'],
      ['fin', 'Financeiro', 'department'],
      ['hum', 'Falar com atendente', 'human'],
      ['', 'Trocas', 'human'],
    ]);
    expect(body).not.toHaveProperty('inherited');
    expect(body).not.toHaveProperty('updatedAt');
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Configuração salva' })),
    );
    // The editor starts again from what the server saved.
    await waitFor(() => expect(screen.getByText(/Salva em 25\/11\/2026/)).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });

  it('shows the server’s 422 field errors on the right fields', async () => {
    const user = userEvent.setup();
    apis(undefined, {
      'PUT /api/bot/config': () =>
        json(
          {
            code: 'validation_failed',
            message: 'Dados inválidos.',
            errors: [
              { field: 'options[0].departmentId', message: 'Departamento inativo.' },
              { field: 'outOfHoursMessage', message: 'Mensagem longa demais.' },
              { field: 'outra', message: 'Algo mais deu errado.' },
            ],
          },
          422,
        ),
    });
    await openEditor();
    await fill(user, screen.getByRole('textbox', { name: /Nome do assistente/ }), 'Maria!');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const department = within(optionCards()[0]!).getByRole('combobox', { name: /Departamento/ });
    await waitFor(() => expect(department).toHaveAttribute('aria-invalid', 'true'));
    expect(within(optionCards()[0]!).getByText('Departamento inativo.')).toBeInTheDocument();
    expect(screen.getByText('Mensagem longa demais.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Mensagem fora do horário/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Algo mais deu errado.').closest('[role="alert"]')).not.toBeNull();
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Não foi possível salvar o chatbot', message: 'Dados inválidos.' }),
    );
  });

  it('has no hours of its own: a note sends to "Níveis de serviço", and nothing of hours is saved', async () => {
    const user = userEvent.setup();
    const { callsTo } = apis(undefined, { 'PUT /api/bot/config': () => json(botConfig()) });
    renderRoutes(
      [
        {
          path: '/chatbot',
          element: (
            <ChatbotScreen canEdit instanceSource="instances" departmentSource="users" calendarPath="/service-levels" />
          ),
        },
        { path: '/service-levels', element: <p>Níveis de serviço aberto</p> },
      ],
      '/chatbot',
    );
    await screen.findByRole('textbox', { name: /Nome do assistente/ });
    expect(screen.queryByRole('group', { name: 'Horário de atendimento por dia da semana' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar feriado' })).not.toBeInTheDocument();
    const note = screen.getByTestId('calendar-note');
    expect(note).toHaveTextContent(
      'O horário de atendimento agora vale para a empresa toda: bot e metas de SLA. Ele é definido em Níveis de serviço.',
    );
    expect(screen.getByRole('region', { name: 'Fora do horário' })).toContainElement(note);

    await fill(user, screen.getByRole('textbox', { name: /Mensagem fora do horário/ }), 'Voltamos às 8h.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('PUT /api/bot/config')).toHaveLength(1));
    const body = callsTo('PUT /api/bot/config')[0]?.body as Record<string, unknown>;
    expect(body.outOfHoursMessage).toBe('Voltamos às 8h.');
    expect(body).not.toHaveProperty('businessHours');
    expect(body).not.toHaveProperty('holidays');

    // Saved, the editor starts again from the server's answer (a new note).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled());
    await user.click(within(screen.getByTestId('calendar-note')).getByRole('link', { name: 'Níveis de serviço' }));
    expect(await screen.findByText('Níveis de serviço aberto')).toBeInTheDocument();
  });

  it('names "Níveis de serviço" without a link for whoever cannot open it', async () => {
    apis();
    await openEditor();
    const note = screen.getByTestId('calendar-note');
    expect(note).toHaveTextContent('Ele é definido em Níveis de serviço.');
    expect(within(note).queryByRole('link')).not.toBeInTheDocument();
  });

  it('checks the draft before saving and sends nothing while something is missing', async () => {
    const user = userEvent.setup();
    const { callsTo } = apis();
    await openEditor();
    await user.click(screen.getByRole('button', { name: 'Adicionar opção' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Escreva o texto da opção.')).toBeInTheDocument();
    expect(screen.getByText('Escolha o departamento.')).toBeInTheDocument();
    expect(callsTo('PUT /api/bot/config')).toHaveLength(0);
  });

  it('an instance without its own configuration shows the default read-only until personalised', async () => {
    const user = userEvent.setup();
    const { fetchMock, callsTo } = apis(
      (instanceId) => (instanceId === '3' ? botConfig({ instanceId: 3, inherited: true }) : botConfig()),
      { 'PUT /api/bot/config': () => json(botConfig({ instanceId: 3, inherited: false })) },
    );
    trackConfigQueries(fetchMock);
    await openEditor('/chatbot?instance=3');
    const banner = screen.getByTestId('inherited');
    expect(within(banner).getByText('Usa a configuração padrão')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Nome do assistente/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Adicionar opção' })).not.toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: 'Personalizar para esta instância' }));
    expect(screen.getByRole('textbox', { name: /Nome do assistente/ })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('PUT /api/bot/config')).toHaveLength(1));
    expect((callsTo('PUT /api/bot/config')[0]?.body as BotConfig).instanceId).toBe(3);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(new URL(requestUrl(put?.[0]), 'http://localhost').searchParams.get('instanceId')).toBe('3');
  });

  it('an instance with its own configuration goes back to the default (DELETE)', async () => {
    const user = userEvent.setup();
    let own = true;
    const { fetchMock, callsTo } = apis(
      (instanceId) =>
        instanceId === '3' ? botConfig({ instanceId: 3, inherited: !own, name: own ? 'Lia' : 'Maria' }) : botConfig(),
      {
        'DELETE /api/bot/config': () => {
          own = false;
          return new Response(null, { status: 204 });
        },
      },
    );
    trackConfigQueries(fetchMock);
    await openEditor('/chatbot?instance=3');
    expect(screen.getByRole('textbox', { name: /Nome do assistente/ })).toHaveValue('Lia');
    expect(screen.getByText('Configuração própria')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voltar ao padrão' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Voltar ao padrão' })).getByRole('button', {
        name: 'Voltar ao padrão',
      }),
    );
    await waitFor(() => expect(callsTo('DELETE /api/bot/config')).toHaveLength(1));
    expect(await screen.findByTestId('inherited')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Nome do assistente/ })).toHaveValue('Maria');
  });

  it('simulates the draft: Enter sends, the transcript grows, the outcome shows; it starts over', async () => {
    const user = userEvent.setup();
    const { callsTo } = apis(undefined, {
      'POST /api/bot/simulate': [
        () =>
          json({
            transcript: [
              { from: 'customer', text: 'oi' },
              { from: 'bot', text: 'Olá! Eu sou a Marina.\n1 - Financeiro' },
            ],
            outcome: { status: 'bot', departmentId: null, departmentName: null, optionKey: null },
            outOfHours: false,
          }),
        () =>
          json({
            transcript: [
              { from: 'customer', text: 'oi' },
              { from: 'bot', text: 'Olá! Eu sou a Marina.\n1 - Financeiro' },
              { from: 'customer', text: '1' },
              { from: 'bot', text: 'Vou passar você para Financeiro.' },
            ],
            outcome: { status: 'routed', departmentId: 6, departmentName: 'Financeiro', optionKey: 'fin' },
            outOfHours: true,
          }),
      ],
    });
    await openEditor();
    await fill(user, screen.getByRole('textbox', { name: /Nome do assistente/ }), 'Marina');
    const box = screen.getByRole('textbox', { name: 'Mensagem do cliente' });
    await user.type(box, 'oi{Enter}');
    const log = screen.getByRole('log', { name: 'Conversa simulada' });
    expect(await within(log).findByText(/Eu sou a Marina/)).toBeInTheDocument();
    expect(screen.getByTestId('simulation-outcome')).toHaveTextContent('Ainda com o bot');
    const first = callsTo('POST /api/bot/simulate')[0]?.body as { messages: string[]; config: BotConfig };
    expect(first.messages).toEqual(['oi']);
    expect(first.config.name).toBe('Marina');

    // Typed the pt_BR way, read as São Paulo time (22:00 −03:00 = 01:00 UTC the next day).
    fireEvent.change(screen.getByLabelText('Simular em'), { target: { value: '29/11/2026 22:00' } });
    await user.type(box, '1{Enter}');
    expect(await within(log).findByText('Vou passar você para Financeiro.')).toBeInTheDocument();
    expect(screen.getByTestId('simulation-outcome')).toHaveTextContent('Encaminhado para Financeiro');
    expect(screen.getByTestId('out-of-hours')).toHaveTextContent('Fora do horário');
    const second = callsTo('POST /api/bot/simulate')[1]?.body as { messages: string[]; at: string };
    expect(second.messages).toEqual(['oi', '1']);
    expect(second.at).toBe('2026-11-30T01:00:00.000Z');

    await user.click(screen.getByRole('button', { name: 'Reiniciar conversa' }));
    expect(within(log).queryByText('Vou passar você para Financeiro.')).not.toBeInTheDocument();
    expect(screen.queryByTestId('simulation-outcome')).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    apis();
    await openEditor();
    await fill(user, screen.getByRole('textbox', { name: /Nome do assistente/ }), 'Mariax');
    await user.click(screen.getByRole('link', { name: 'Outra tela' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sair sem salvar?' });
    await user.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
    expect(screen.getByRole('textbox', { name: /Nome do assistente/ })).toHaveValue('Mariax');
    await user.click(screen.getByRole('link', { name: 'Outra tela' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sair sem salvar?' })).getByRole('button', {
        name: 'Sair sem salvar',
      }),
    );
    expect(await screen.findByText('Outra tela aberta')).toBeInTheDocument();
  });

  it('a reader without the chatbot route sees everything and changes nothing', async () => {
    logIn(['dashboard-maria-panel']);
    const { callsTo } = apis();
    await openEditor('/chatbot', false);
    expect(screen.getByText('Somente leitura')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Nome do assistente/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Arrastar/ })).not.toBeInTheDocument();
    expect(screen.getByText('Só quem pode editar o chatbot usa o simulador.')).toBeInTheDocument();
    expect(callsTo('POST /api/bot/simulate')).toHaveLength(0);
  });

  it('says so when the tenant does not have the chatbot', async () => {
    stubFetch({
      'GET /api/bot/config': () =>
        json({ code: 'feature_disabled', message: 'A opção Chatbot está desligada para esta empresa.' }, 403),
      'GET /api/instance': () => json(INSTANCES),
      'GET /api/users/options': () => json(OPTIONS),
      'GET /api/closing-reasons': () => json(REASONS),
    });
    renderRoutes(routes(), '/chatbot');
    expect(await screen.findByText('Recurso não disponível para esta empresa')).toBeInTheDocument();
    expect(screen.getByText('A opção Chatbot está desligada para esta empresa.')).toBeInTheDocument();
  });
});

/** The configuration with a file on its answer option ("Horário de funcionamento"). */
function withFile(extra: Partial<BotConfig> = {}, fileName = 'tabela.pdf'): BotConfig {
  const config = botConfig(extra);
  return {
    ...config,
    options: config.options.map((option) =>
      option.key === 'hor' ? { ...option, attachment: { mediaId: 31, fileName } } : option,
    ),
  };
}

function filePicker(card: HTMLElement): HTMLInputElement {
  const input = card.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

function sentOptions(callsTo: (key: string) => { body: unknown }[]) {
  return (callsTo('PUT /api/bot/config')[0]?.body as BotConfig).options;
}

describe('ChatbotScreen: a file with an answer', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    lastInstanceId = null;
    logIn(['chatbot', 'instances', 'users']);
    stubXhr();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uploads the file as soon as it is picked and saves it with its option only', async () => {
    const user = userEvent.setup();
    // The server answers the saved configuration with the file's name made safe.
    let saved = false;
    const { callsTo } = apis(
      () => (saved ? withFile({ updatedAt: '2026-11-25T10:00:00Z' }, 'tabela_precos.pdf') : botConfig()),
      {
        'PUT /api/bot/config': () => {
          saved = true;
          return json(withFile({ updatedAt: '2026-11-25T10:00:00Z' }, 'tabela_precos.pdf'));
        },
      },
    );
    await openEditor();
    // Only an answer takes a file.
    expect(within(optionCards()[0]!).queryByRole('button', { name: /Anexar arquivo/ })).not.toBeInTheDocument();
    const answer = optionCards()[1]!;
    expect(within(answer).getByRole('group', { name: 'Arquivo da resposta (opcional)' })).toBeInTheDocument();
    const file = new File(['%PDF-1.7'], 'tabela preços.pdf', { type: 'application/pdf' });
    await user.upload(filePicker(answer), file);

    const xhr = await nthXhr(1);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/bot/media?fileName=tabela+pre%C3%A7os.pdf');
    expect(xhr.headers['Content-Type']).toBe('application/octet-stream');
    expect(xhr.headers.Authorization).toMatch(/^Bearer /);
    expect(xhr.body).toBe(file);
    xhr.progress(4, 8);
    await waitFor(() =>
      expect(within(answer).getByRole('progressbar', { name: 'Enviando tabela preços.pdf' })).toHaveAttribute(
        'aria-valuenow',
        '50',
      ),
    );
    // Saving waits for the upload.
    expect(screen.getByText('Enviando arquivo…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();

    xhr.respond(201, {
      id: 31,
      type: 'document',
      mimeType: 'application/pdf',
      fileName: 'tabela.pdf',
      size: 204_800,
      width: null,
      height: null,
      durationMs: null,
      voice: false,
    });
    const attached = await within(answer).findByTestId('attached-file');
    expect(attached).toHaveTextContent('tabela.pdf');
    expect(attached).toHaveTextContent('PDF · 200 KB');
    await waitFor(() =>
      expect(within(answer).getByRole('button', { name: 'Remover arquivo tabela.pdf' })).toHaveFocus(),
    );

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('PUT /api/bot/config')).toHaveLength(1));
    const options = sentOptions(callsTo);
    expect(options[1]).toEqual({
      key: 'hor',
      label: 'Horário de funcionamento',
      action: 'answer',
      departmentId: null,
      answer: 'Abrimos às 8h.',
      attachment: { mediaId: 31, fileName: 'tabela.pdf' },
    });
    expect(options[0]).not.toHaveProperty('attachment');
    expect(options[2]).not.toHaveProperty('attachment');
    // The editor starts again from what the server saved.
    await waitFor(() => expect(screen.getByText(/Salva em 25\/11\/2026/)).toBeInTheDocument());
    expect(within(optionCards()[1]!).getByTestId('attached-file')).toHaveTextContent('tabela_precos.pdf');
  });

  it('shows the saved file and "Remover" takes it out of what is saved', async () => {
    const user = userEvent.setup();
    const { callsTo } = apis(() => withFile(), { 'PUT /api/bot/config': () => json(botConfig()) });
    await openEditor();
    const answer = optionCards()[1]!;
    expect(within(answer).getByTestId('attached-file')).toHaveTextContent('tabela.pdf');
    expect(within(answer).getByRole('img', { name: 'PDF' })).toBeInTheDocument();

    await user.click(within(answer).getByRole('button', { name: 'Remover arquivo tabela.pdf' }));
    expect(within(answer).queryByTestId('attached-file')).not.toBeInTheDocument();
    await waitFor(() => expect(within(answer).getByRole('button', { name: 'Anexar arquivo à opção 2' })).toHaveFocus());
    expect(screen.getByText('Alterações não salvas')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('PUT /api/bot/config')).toHaveLength(1));
    expect(sentOptions(callsTo)[1]).not.toHaveProperty('attachment');
  });

  it('an option that stops answering with text does not send its file', async () => {
    const user = userEvent.setup();
    const { callsTo } = apis(() => withFile(), { 'PUT /api/bot/config': () => json(botConfig()) });
    await openEditor();
    const answer = optionCards()[1]!;
    await user.click(within(answer).getByRole('combobox', { name: 'O que fazer' }));
    await user.click(screen.getByRole('option', { name: 'Falar com atendente' }));
    expect(within(answer).queryByTestId('attached-file')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('PUT /api/bot/config')).toHaveLength(1));
    expect(sentOptions(callsTo)[1]).toEqual({
      key: 'hor',
      label: 'Horário de funcionamento',
      action: 'human',
      departmentId: null,
      answer: null,
    });
  });

  it('shows the server’s refusal of an upload on the option', async () => {
    const user = userEvent.setup();
    apis();
    await openEditor();
    const answer = optionCards()[1]!;
    await user.upload(filePicker(answer), new File(['x'], 'filme.mkv'));
    (await nthXhr(1)).respond(422, {
      code: 'media_type_not_allowed',
      message: 'Este tipo de arquivo não pode ser enviado pelo WhatsApp.',
    });
    expect(await within(answer).findByRole('alert')).toHaveTextContent(
      'Este tipo de arquivo não pode ser enviado pelo WhatsApp.',
    );
    expect(within(answer).queryByTestId('attached-file')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  });

  it('shows a save error about the file on its option', async () => {
    const user = userEvent.setup();
    apis(() => withFile(), {
      'PUT /api/bot/config': () =>
        json(
          {
            code: 'validation_failed',
            message: 'Dados inválidos.',
            errors: [{ field: 'options[1].attachment', message: 'O arquivo não foi encontrado; anexe de novo.' }],
          },
          422,
        ),
    });
    await openEditor();
    await fill(user, screen.getByRole('textbox', { name: /Nome do assistente/ }), 'Marina');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const answer = optionCards()[1]!;
    expect(await within(answer).findByText('O arquivo não foi encontrado; anexe de novo.')).toBeInTheDocument();
    const remove = within(answer).getByRole('button', { name: 'Remover arquivo tabela.pdf' });
    expect(remove).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(remove).toHaveFocus());
  });

  it('the simulator shows the file of the bot’s answer above its text', async () => {
    const user = userEvent.setup();
    apis(() => withFile(), {
      'POST /api/bot/simulate': () =>
        json({
          transcript: [
            { from: 'customer', text: '2' },
            { from: 'bot', text: 'Abrimos às 8h.', fileName: 'tabela.pdf' },
            { from: 'bot', text: 'Escolha uma opção:' },
          ],
          outcome: { status: 'bot', departmentId: null, departmentName: null, optionKey: null },
          outOfHours: false,
        }),
    });
    await openEditor();
    await user.type(screen.getByRole('textbox', { name: 'Mensagem do cliente' }), '2{Enter}');
    const log = screen.getByRole('log', { name: 'Conversa simulada' });
    const chip = await within(log).findByTestId('simulated-file');
    expect(chip).toHaveTextContent(/^📄\s*Arquivo: tabela\.pdf$/);
    const bubble = chip.closest<HTMLElement>('[data-testid="simulated-message"]')!;
    expect(bubble).toHaveAttribute('data-from', 'bot');
    const text = within(bubble).getByText('Abrimos às 8h.');
    expect(chip.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(log).getAllByTestId('simulated-file')).toHaveLength(1);
  });
});
