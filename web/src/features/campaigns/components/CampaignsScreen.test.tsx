import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nthXhr, stubXhr } from '../../../testing/fake-xhr';
import { json, logIn, requestUrl, stubFetch } from '../../../testing/fixtures';
import { theme } from '../../../theme';
import type { InstanceSource } from '../api/get-campaign-instances';
import type { CampaignInput } from '../api/schemas';
import { applyCampaignEvent } from '../realtime';
import { campaign, messageTemplate, preflight, recipient, sendRate } from '../test-data';
import { CampaignsScreen } from './CampaignsScreen';

const INSTANCES = [
  { id: 3, name: 'WhatsApp Loja', activated: true, status: 'connected' },
  { id: 4, name: 'WhatsApp Antigo', activated: false, status: 'disconnected' },
  { id: 5, name: 'WhatsApp Vendas', activated: true, status: 'disconnected' },
];
const GROUPS = [
  { id: 2, name: 'Clientes VIP', members: 12 },
  { id: 6, name: 'Atacado', members: 1 },
];

function renderScreen(path = '/campaigns', instanceSource: InstanceSource = 'instances') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/campaigns', element: <CampaignsScreen instanceSource={instanceSource} /> }],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { client, router };
}

/** The query of every call made to `path`, in order. */
function queries(fetchMock: ReturnType<typeof stubFetch>['fetchMock'], path: string): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));
}

/** Replaces a field's text in one change (`{{` would be a key escape for `user.type`). */
async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.clear(element);
  await user.click(element);
  await user.paste(text);
}

function card(name: string): HTMLElement {
  const found = screen.getAllByTestId('campaign-card').find((element) => within(element).queryByText(name));
  if (!found) throw new Error(`no card ${name}`);
  return found;
}

describe('CampaignsScreen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['campaigns', 'instances']);
  });

  it('lists the campaigns with status and progress, filters by status and loads more by nextCursor', async () => {
    const user = userEvent.setup();
    const { fetchMock } = stubFetch({
      'GET /api/campaigns': [
        () =>
          json({
            data: [
              campaign(),
              campaign({
                id: 8,
                name: 'Natal',
                status: 'paused',
                pausedReason: 'instance_disconnected',
                counts: { pending: 10, sent: 0, delivered: 0, read: 0, replied: 0, failed: 0 },
                total: 10,
              }),
            ],
            nextCursor: 'c2',
          }),
        () => json({ data: [campaign({ id: 9, name: 'Dia das Mães', status: 'finished' })], nextCursor: null }),
        () => json({ data: [campaign()], nextCursor: null }),
      ],
    });
    renderScreen();
    expect(await screen.findByRole('link', { name: 'Black Friday' })).toHaveAttribute('href', '/campaigns?campaign=7');
    expect(within(card('Black Friday')).getByTestId('campaign-status')).toHaveTextContent('Enviando');
    expect(within(card('Natal')).getByTestId('campaign-status')).toHaveTextContent('Pausada: a instância desconectou');
    const progress = within(card('Black Friday')).getByRole('progressbar', { name: 'Progresso de Black Friday' });
    expect(progress).toHaveAttribute('aria-valuenow', '25');
    expect(progress).toHaveAttribute('aria-valuetext', '10 de 40 processados (25%)');
    expect(within(card('Black Friday')).getByTestId('count-failed')).toHaveTextContent('1');
    expect(within(card('Black Friday')).getByText('cerca de 2 min para terminar')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('link', { name: 'Dia das Mães' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Situação' }));
    await user.click(screen.getByRole('option', { name: 'Enviando' }));
    await waitFor(() => expect(queries(fetchMock, '/api/campaigns')).toHaveLength(3));
    expect(queries(fetchMock, '/api/campaigns')).toEqual([
      { limit: '20' },
      { limit: '20', cursor: 'c2' },
      { limit: '20', status: 'running' },
    ]);
  });

  it('moves a campaign’s progress live when CampaignUpdated arrives, without a request', async () => {
    const { fetchMock } = stubFetch({ 'GET /api/campaigns': () => json({ data: [campaign()], nextCursor: null }) });
    const { client } = renderScreen();
    const progress = await screen.findByRole('progressbar', { name: 'Progresso de Black Friday' });
    expect(progress).toHaveAttribute('aria-valuenow', '25');
    const calls = fetchMock.mock.calls.length;

    await act(async () => {
      applyCampaignEvent(client, {
        event: 'CampaignUpdated',
        campaign_id: 7,
        status: 'running',
        total: 40,
        counts: { pending: 10, sent: 10, delivered: 12, read: 5, replied: 1, failed: 2 },
      });
      // TanStack Query tells its observers on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(progress).toHaveAttribute('aria-valuenow', '75');
    expect(screen.getByTestId('campaign-progress-summary')).toHaveTextContent('30 de 40 processados (75%)');
    expect(within(card('Black Friday')).getByTestId('count-delivered')).toHaveTextContent('12');
    expect(within(card('Black Friday')).getByText('cerca de 30 s para terminar')).toBeInTheDocument();
    expect(fetchMock.mock.calls).toHaveLength(calls);
  });

  it('says so when the tenant does not have campaigns', async () => {
    stubFetch({
      'GET /api/campaigns': () =>
        json({ code: 'feature_disabled', message: 'A opção Campanhas está desligada para esta empresa.' }, 403),
    });
    renderScreen();
    expect(await screen.findByText('Recurso não disponível para esta empresa')).toBeInTheDocument();
    expect(screen.getByText('A opção Campanhas está desligada para esta empresa.')).toBeInTheDocument();
  });

  it('the detail: why it is paused, resume, cancel after confirming, recipients by status with the reason', async () => {
    const user = userEvent.setup();
    const paused = campaign({ status: 'paused', pausedReason: 'instance_disconnected' });
    const { fetchMock, callsTo } = stubFetch({
      'GET /api/campaigns/7': () => json(paused),
      'GET /api/campaigns/7/recipients': [
        // The first read, and the one after "Retomar"; then the failed ones.
        ...[0, 1].map(
          () => () =>
            json({
              data: [recipient(), recipient({ id: 101, name: null, status: 'pending', sentAt: null })],
              nextCursor: null,
            }),
        ),
        () =>
          json({
            data: [
              recipient({
                id: 102,
                name: 'Caio',
                status: 'failed',
                reason: 'provider_rejected',
                reasonText: 'O provedor recusou: número sem WhatsApp.',
              }),
            ],
            nextCursor: null,
          }),
      ],
      'POST /api/campaigns/7/resume': () => json(campaign()),
      'POST /api/campaigns/7/cancel': () => json(campaign({ status: 'cancelled' })),
      'GET /api/campaigns': () => json({ data: [], nextCursor: null }),
    });
    renderScreen('/campaigns?campaign=7');
    expect(await screen.findByRole('heading', { name: 'Black Friday', level: 2 })).toBeInTheDocument();
    expect(screen.getByTestId('campaign-status')).toHaveTextContent('Pausada: a instância desconectou');
    expect(screen.getByText(/O envio continua sozinho quando WhatsApp Loja conectar de novo/)).toBeInTheDocument();
    expect(screen.getByTestId('stat-pending')).toHaveTextContent('30');
    expect(screen.getByRole('link', { name: /Voltar às campanhas/ })).toHaveAttribute('href', '/campaigns');
    const table = await screen.findByRole('table', { name: 'Destinatários da campanha' });
    expect(within(table).getByText('Ana Lima')).toBeInTheDocument();
    expect(within(table).getByText('Na fila')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET /api/campaigns/7/recipients')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Retomar' }));
    await waitFor(() => expect(callsTo('POST /api/campaigns/7/resume')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('campaign-status')).toHaveTextContent('Enviando'));
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Campanha retomada' }));
    expect(screen.getByRole('button', { name: 'Pausar' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Situação do destinatário' }));
    await waitFor(() => expect(callsTo('GET /api/campaigns/7/recipients')).toHaveLength(2));
    await user.click(screen.getByRole('option', { name: 'Falhou' }));
    const failed = await screen.findByRole('cell', { name: 'O provedor recusou: número sem WhatsApp.' });
    expect(failed.closest('tr')).toHaveTextContent('Caio');
    expect(queries(fetchMock, '/api/campaigns/7/recipients').at(-1)).toEqual({ limit: '50', status: 'failed' });

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar campanha' });
    expect(callsTo('POST /api/campaigns/7/cancel')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar campanha' }));
    await waitFor(() => expect(callsTo('POST /api/campaigns/7/cancel')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('campaign-status')).toHaveTextContent('Cancelada'));
  });

  it('creates a campaign: the preview shows the pre-flight before "Criar campanha", which opens it', async () => {
    const user = userEvent.setup();
    const created = campaign({ id: 12, name: 'Black Friday', status: 'draft', startedAt: null, total: 2 });
    const { callsTo } = stubFetch({
      'GET /api/campaigns': () => json({ data: [], nextCursor: null }),
      'GET /api/instance': () => json(INSTANCES),
      'GET /api/customer-groups': () => json(GROUPS),
      'POST /api/campaigns/preview': () => json(preflight()),
      'POST /api/campaigns': () => json(created, 201),
      'GET /api/campaigns/12': () => json(created),
      'GET /api/campaigns/12/recipients': () => json({ data: [], nextCursor: null }),
    });
    const { router } = renderScreen();
    await user.click((await screen.findAllByRole('button', { name: 'Nova campanha' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nova campanha' });

    await fill(user, within(dialog).getByRole('textbox', { name: /Nome da campanha/ }), 'Black Friday');
    await user.click(within(dialog).getByRole('combobox', { name: /Instância/ }));
    // Inactive instances are not offered; a disconnected one says so.
    expect(screen.queryByRole('option', { name: /WhatsApp Antigo/ })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'WhatsApp Vendas (desconectada)' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'WhatsApp Loja' }));
    const body = within(dialog).getByRole('textbox', { name: /Mensagem/ });
    await fill(user, body, 'Olá ');
    await user.click(within(dialog).getByRole('button', { name: 'Inserir {{nome}}' }));
    await user.click(body);
    await user.keyboard(', a Black Friday começou!');
    expect(body).toHaveValue('Olá {{nome}}, a Black Friday começou!');
    await fill(user, within(dialog).getByRole('textbox', { name: /Telefones/ }), '11 99999-0000\n21 98888-7777\n123');
    expect(within(dialog).getByText(/3 telefones/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Grupos de clientes/ }));
    await user.click(screen.getByRole('option', { name: 'Clientes VIP (12 clientes)' }));

    const createButton = within(dialog).getByRole('button', { name: 'Criar campanha' });
    expect(createButton).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Pré-visualizar' }));

    const panel = await within(dialog).findByRole('region', { name: 'Pré-visualização' });
    expect(within(panel).getByTestId('preflight-recipients')).toHaveTextContent('2');
    expect(within(panel).getByTestId('preflight-duplicates')).toHaveTextContent('1');
    expect(within(panel).getByRole('table', { name: 'Telefones inválidos' })).toHaveTextContent(
      '123Telefone curto demais.',
    );
    expect(within(panel).getByText('Olá Bruno, a Black Friday começou!')).toBeInTheDocument();
    expect(within(panel).getByText('Para Bruno (+55 11 99999-0000)')).toBeInTheDocument();
    expect(within(panel).getByText(/Duração prevista: cerca de 6 s, a 20 mensagens por minuto/)).toBeInTheDocument();
    const sent = callsTo('POST /api/campaigns/preview')[0]?.body as CampaignInput;
    expect(sent).toEqual({
      name: 'Black Friday',
      instanceId: 3,
      body: 'Olá {{nome}}, a Black Friday começou!',
      phones: ['11 99999-0000', '21 98888-7777', '123'],
      customerGroupIds: [2],
      contacts: [],
    });

    // A change after the preview asks for a new one.
    await user.click(within(dialog).getByRole('textbox', { name: /Nome da campanha/ }));
    await user.keyboard('!');
    expect(within(dialog).getByText(/A campanha mudou depois da pré-visualização/)).toBeInTheDocument();
    expect(createButton).toBeDisabled();
    await user.keyboard('{Backspace}');
    expect(createButton).toBeEnabled();

    await user.click(createButton);
    await waitFor(() => expect(callsTo('POST /api/campaigns')).toHaveLength(1));
    expect(callsTo('POST /api/campaigns')[0]?.body).toEqual(sent);
    await waitFor(() => expect(router.state.location.search).toBe('?campaign=12'));
    expect(await screen.findByRole('heading', { name: 'Black Friday', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar' })).toBeInTheDocument();
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Campanha criada' }));
  });

  it('imports a spreadsheet: its row errors are listed and its columns become variables', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/campaigns': () => json({ data: [], nextCursor: null }),
      'GET /api/instance': () => json(INSTANCES),
      'GET /api/customer-groups': () => json(GROUPS),
      'POST /api/campaigns/recipients/import': () =>
        json({
          contacts: [
            { row: 2, phone: '11988887777', name: 'Ana', fields: { cupom: 'ANA10' } },
            { row: 3, phone: '21977776666', name: 'Beto', fields: { cupom: 'BETO5' } },
          ],
          columns: ['cupom'],
          errors: [{ row: 4, message: 'Telefone vazio.' }],
        }),
      'POST /api/campaigns/preview': () =>
        json(
          {
            code: 'validation_failed',
            message: 'Dados inválidos.',
            errors: [{ field: 'body', message: 'Variável desconhecida: {{cidade}}.' }],
          },
          422,
        ),
    });
    renderScreen();
    await user.click((await screen.findAllByRole('button', { name: 'Nova campanha' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Nova campanha' });
    const file = new File(['telefone,nome,cupom\n11988887777,Ana,ANA10\n'], 'contatos.csv', { type: '' });
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"][accept*=".xlsx"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, file);

    const result = await within(dialog).findByTestId('import-result');
    expect(result).toHaveTextContent('2 contatos lidos, 1 linha com problema');
    expect(within(result).getByRole('table', { name: 'Linhas com problema' })).toHaveTextContent('4Telefone vazio.');
    const upload = callsTo('POST /api/campaigns/recipients/import')[0];
    expect(upload?.body).toBe(file);
    expect(upload?.headers.get('Content-Type')).toBe('text/csv');
    expect(within(dialog).getByRole('button', { name: 'Inserir {{cupom}}' })).toBeInTheDocument();

    // The server's 422 goes under the field it names.
    await fill(user, within(dialog).getByRole('textbox', { name: /Nome da campanha/ }), 'Cupons');
    await user.click(within(dialog).getByRole('combobox', { name: /Instância/ }));
    await user.click(screen.getByRole('option', { name: 'WhatsApp Loja' }));
    await fill(user, within(dialog).getByRole('textbox', { name: /Mensagem/ }), 'Seu cupom: {{cupom}}');
    await user.click(within(dialog).getByRole('button', { name: 'Pré-visualizar' }));
    expect(await within(dialog).findByText('Variável desconhecida: {{cidade}}.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Mensagem/ })).toHaveAttribute('aria-invalid', 'true');
    const body = callsTo('POST /api/campaigns/preview')[0]?.body as CampaignInput;
    expect(body.contacts).toEqual([
      { phone: '11988887777', name: 'Ana', fields: { cupom: 'ANA10' } },
      { phone: '21977776666', name: 'Beto', fields: { cupom: 'BETO5' } },
    ]);
    expect(body.phones).toEqual([]);
  });

  it('"Ritmo de envio" saves an instance’s rate and reads the campaigns again', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/campaigns': [
        () => json({ data: [campaign()], nextCursor: null }),
        () => json({ data: [campaign({ ratePerMinute: 30, remainingSeconds: 60 })], nextCursor: null }),
      ],
      'GET /api/campaigns/rates': () =>
        json([sendRate(), sendRate({ instanceId: 5, instanceName: 'WhatsApp Vendas', ratePerMinute: 600 })]),
      'PUT /api/campaigns/rates/3': () => json(sendRate({ ratePerMinute: 30 })),
    });
    renderScreen();
    expect(await screen.findByRole('link', { name: 'Black Friday' })).toBeInTheDocument();
    expect(within(card('Black Friday')).getByText('cerca de 2 min para terminar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ritmo de envio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ritmo de envio' });
    expect(within(dialog).getByText(/dividido entre todas as campanhas/)).toHaveTextContent(
      '600 msg/min são 10 mensagens por segundo',
    );
    const loja = await within(dialog).findByRole('textbox', { name: 'WhatsApp Loja' });
    expect(loja).toHaveValue('20 msg/min');
    expect(within(dialog).getByRole('textbox', { name: 'WhatsApp Vendas' })).toHaveValue('600 msg/min');

    await user.clear(loja);
    await user.type(loja, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar ritmo de WhatsApp Loja' }));
    await waitFor(() => expect(callsTo('PUT /api/campaigns/rates/3')).toHaveLength(1));
    expect(callsTo('PUT /api/campaigns/rates/3')[0]?.body).toEqual({ ratePerMinute: 30 });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Ritmo salvo' })),
    );
    expect(loja).toHaveValue('30 msg/min');
    // The campaigns' rate and time left come from the server again.
    await waitFor(() => expect(callsTo('GET /api/campaigns')).toHaveLength(2));
    expect(await within(card('Black Friday')).findByText('cerca de 1 min para terminar')).toBeInTheDocument();
  });

  it('"Ritmo de envio" shows the server’s 422 under the instance’s field', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/campaigns': () => json({ data: [], nextCursor: null }),
      'GET /api/campaigns/rates': () => json([sendRate()]),
      'PUT /api/campaigns/rates/3': () =>
        json(
          {
            code: 'invalid_rate',
            message: 'A taxa vai de 1 a 600 mensagens por minuto.',
            errors: [{ field: 'ratePerMinute', message: 'No máximo 600 mensagens por minuto.' }],
          },
          422,
        ),
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Ritmo de envio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ritmo de envio' });
    const loja = await within(dialog).findByRole('textbox', { name: 'WhatsApp Loja' });
    await user.clear(loja);
    await user.type(loja, '900');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar ritmo de WhatsApp Loja' }));

    expect(await within(dialog).findByText('No máximo 600 mensagens por minuto.')).toBeInTheDocument();
    expect(loja).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('PUT /api/campaigns/rates/3')[0]?.body).toEqual({ ratePerMinute: 900 });
    expect(notifications.show).not.toHaveBeenCalled();
  });
});

const PROMO = {
  id: 44,
  type: 'image',
  mimeType: 'image/png',
  fileName: 'promo.png',
  size: 512_000,
  width: 1080,
  height: 1080,
  durationMs: null,
  voice: false,
};

/** Opens "Nova campanha" and fills what a preview needs. */
async function openFilledForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click((await screen.findAllByRole('button', { name: 'Nova campanha' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Nova campanha' });
  await fill(user, within(dialog).getByRole('textbox', { name: /Nome da campanha/ }), 'Promo de maio');
  await user.click(within(dialog).getByRole('combobox', { name: /Instância/ }));
  await user.click(screen.getByRole('option', { name: 'WhatsApp Loja' }));
  await fill(user, within(dialog).getByRole('textbox', { name: /Mensagem/ }), 'Olá {{nome}}, confira!');
  await fill(user, within(dialog).getByRole('textbox', { name: /Telefones/ }), '11 99999-0000');
  return dialog;
}

function attachmentField(dialog: HTMLElement): HTMLElement {
  return within(dialog).getByRole('group', { name: 'Arquivo (opcional)' });
}

function filePicker(field: HTMLElement): HTMLInputElement {
  const input = field.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('CampaignsScreen: a file with the campaign', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['campaigns', 'instances']);
    stubXhr();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uploads the file with its progress and sends it with the preview and the create call', async () => {
    const user = userEvent.setup();
    const created = campaign({
      id: 12,
      name: 'Promo de maio',
      status: 'draft',
      startedAt: null,
      total: 1,
      attachment: { mediaId: 44, fileName: 'promo.png' },
    });
    const { callsTo } = stubFetch({
      'GET /api/campaigns': () => json({ data: [], nextCursor: null }),
      'GET /api/instance': () => json(INSTANCES),
      'GET /api/customer-groups': () => json(GROUPS),
      'POST /api/campaigns/preview': () =>
        json(preflight({ recipients: 1, invalid: [], samples: [preflight().samples[0]!] })),
      'POST /api/campaigns': () => json(created, 201),
      'GET /api/campaigns/12': () => json(created),
      'GET /api/campaigns/12/recipients': () => json({ data: [], nextCursor: null }),
    });
    renderScreen();
    const dialog = await openFilledForm(user);
    const field = attachmentField(dialog);
    expect(field).toHaveTextContent('A mensagem vai como legenda do arquivo.');
    const file = new File(['\x89PNG'], 'promo.png', { type: 'image/png' });
    await user.upload(filePicker(field), file);

    const xhr = await nthXhr(1);
    expect(xhr.url).toBe('/api/campaigns/media?fileName=promo.png');
    expect(xhr.headers['Content-Type']).toBe('application/octet-stream');
    expect(xhr.body).toBe(file);
    xhr.progress(1, 4);
    await waitFor(() =>
      expect(within(field).getByRole('progressbar', { name: 'Enviando promo.png' })).toHaveAttribute(
        'aria-valuenow',
        '25',
      ),
    );
    // The preview waits for the file.
    expect(within(dialog).getByRole('button', { name: 'Pré-visualizar' })).toBeDisabled();
    xhr.respond(201, PROMO);
    expect(await within(field).findByTestId('attached-file')).toHaveTextContent('promo.pngImagem · 500 KB');

    await user.click(within(dialog).getByRole('button', { name: 'Pré-visualizar' }));
    const panel = await within(dialog).findByRole('region', { name: 'Pré-visualização' });
    expect(within(panel).getByTestId('campaign-attachment')).toHaveTextContent('Arquivo: promo.png');
    const sent = callsTo('POST /api/campaigns/preview')[0]?.body as CampaignInput;
    expect(sent.attachment).toEqual({ mediaId: 44, fileName: 'promo.png' });

    await user.click(within(dialog).getByRole('button', { name: 'Criar campanha' }));
    await waitFor(() => expect(callsTo('POST /api/campaigns')).toHaveLength(1));
    expect(callsTo('POST /api/campaigns')[0]?.body).toEqual(sent);
    // The new campaign's detail says which file it sends.
    expect(await screen.findByRole('heading', { name: 'Promo de maio', level: 2 })).toBeInTheDocument();
    expect(screen.getByTestId('campaign-attachment')).toHaveTextContent('Arquivo: promo.png');
  });

  it('"Remover" takes the file out: the preview goes without it', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/campaigns': () => json({ data: [], nextCursor: null }),
      'GET /api/instance': () => json(INSTANCES),
      'GET /api/customer-groups': () => json(GROUPS),
      'POST /api/campaigns/preview': () => json(preflight()),
    });
    renderScreen();
    const dialog = await openFilledForm(user);
    const field = attachmentField(dialog);
    await user.upload(filePicker(field), new File(['x'], 'promo.png', { type: 'image/png' }));
    (await nthXhr(1)).respond(201, PROMO);
    await user.click(await within(field).findByRole('button', { name: 'Remover arquivo promo.png' }));
    expect(within(field).queryByTestId('attached-file')).not.toBeInTheDocument();
    await waitFor(() => expect(within(field).getByRole('button', { name: 'Anexar arquivo' })).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Pré-visualizar' }));
    await waitFor(() => expect(callsTo('POST /api/campaigns/preview')).toHaveLength(1));
    expect(callsTo('POST /api/campaigns/preview')[0]?.body).not.toHaveProperty('attachment');
    const panel = await within(dialog).findByRole('region', { name: 'Pré-visualização' });
    expect(within(panel).queryByTestId('campaign-attachment')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of the file, on upload and on preview', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/campaigns': () => json({ data: [], nextCursor: null }),
      'GET /api/instance': () => json(INSTANCES),
      'GET /api/customer-groups': () => json(GROUPS),
      'POST /api/campaigns/preview': () =>
        json(
          {
            code: 'validation_failed',
            message: 'Dados inválidos.',
            errors: [{ field: 'attachment', message: 'O arquivo não foi encontrado; anexe de novo.' }],
          },
          422,
        ),
    });
    renderScreen();
    const dialog = await openFilledForm(user);
    const field = attachmentField(dialog);
    await user.upload(filePicker(field), new File(['x'], 'filme.mp4', { type: 'video/mp4' }));
    (await nthXhr(1)).respond(413, { code: 'payload_too_large', message: 'O arquivo passa de 100 MB.' });
    expect(await within(field).findByRole('alert')).toHaveTextContent('O arquivo passa de 100 MB.');
    expect(within(field).queryByTestId('attached-file')).not.toBeInTheDocument();

    await user.upload(filePicker(field), new File(['x'], 'promo.png', { type: 'image/png' }));
    (await nthXhr(2)).respond(201, PROMO);
    await within(field).findByTestId('attached-file');
    expect(within(field).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Pré-visualizar' }));
    expect(await within(field).findByRole('alert')).toHaveTextContent('O arquivo não foi encontrado; anexe de novo.');
    expect(within(field).getByRole('button', { name: 'Remover arquivo promo.png' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('a campaign’s card says which file it sends', async () => {
    const withFile = campaign({ attachment: { mediaId: 44, fileName: 'promo.png' } });
    stubFetch({
      'GET /api/campaigns': () =>
        json({ data: [withFile, campaign({ id: 8, name: 'Natal', attachment: null })], nextCursor: null }),
    });
    renderScreen();
    await screen.findByRole('link', { name: 'Black Friday' });
    expect(within(card('Black Friday')).getByTestId('campaign-attachment')).toHaveTextContent('Arquivo: promo.png');
    expect(within(card('Natal')).queryByTestId('campaign-attachment')).not.toBeInTheDocument();
  });

  it('the detail shows the file above the message', async () => {
    stubFetch({
      'GET /api/campaigns/7': () => json(campaign({ attachment: { mediaId: 44, fileName: 'promo.png' } })),
      'GET /api/campaigns/7/recipients': () => json({ data: [], nextCursor: null }),
      'GET /api/campaigns': () => json({ data: [], nextCursor: null }),
    });
    renderScreen('/campaigns?campaign=7');
    const message = await screen.findByRole('region', { name: 'Mensagem' });
    const file = within(message).getByTestId('campaign-attachment');
    expect(file).toHaveTextContent('Arquivo: promo.png');
    const text = within(message).getByText('Olá {{nome}}, seu cupom: {{cupom}}');
    expect(file.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

/** GET /api/instance with an official number (`providerKind: cloud`) among the others. */
const KINDED_INSTANCES = [
  { id: 3, name: 'WhatsApp Loja', activated: true, status: 'connected', providerKind: 'generic' },
  { id: 9, name: 'WhatsApp Oficial', activated: true, status: 'connected', providerKind: 'cloud' },
];
const TEMPLATES = [
  messageTemplate(),
  messageTemplate({ id: 13, name: 'promo_natal', category: 'MARKETING', status: 'PENDING' }),
];
const CHOSEN = {
  id: 12,
  name: 'pedido_enviado',
  language: 'pt_BR',
  category: 'UTILITY',
  parameters: ['{{nome}}', 'PED-42'],
};

/** Opens "Nova campanha" with a name and a phone, on the instance named `instance`. */
async function openOn(user: ReturnType<typeof userEvent.setup>, instance: string) {
  await user.click((await screen.findAllByRole('button', { name: 'Nova campanha' }))[0]!);
  const dialog = await screen.findByRole('dialog', { name: 'Nova campanha' });
  await fill(user, within(dialog).getByRole('textbox', { name: /Nome da campanha/ }), 'Pedidos');
  await fill(user, within(dialog).getByRole('textbox', { name: /Telefones/ }), '11 99999-0000\n21 98888-7777');
  await chooseInstance(user, dialog, instance);
  return dialog;
}

async function chooseInstance(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, instance: string) {
  await user.click(within(dialog).getByRole('combobox', { name: /Instância/ }));
  await user.click(screen.getByRole('option', { name: instance }));
}

/** Chooses the approved template and types its parameters. */
async function chooseTemplate(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, values: string[]) {
  await user.click(await within(dialog).findByRole('combobox', { name: /Modelo aprovado/ }));
  await user.click(screen.getByRole('option', { name: /pedido_enviado/ }));
  for (const [position, value] of values.entries()) {
    await fill(user, within(dialog).getByRole('textbox', { name: `Parâmetro {{${position + 1}}}` }), value);
  }
}

describe('CampaignsScreen: official numbers send an approved template', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn(['campaigns', 'instances']);
  });

  it('an official number shows the template picker instead of the message; another brings the message back', async () => {
    const user = userEvent.setup();
    const { fetchMock } = stubFetch({
      'GET /api/campaigns': () => json({ data: [], nextCursor: null }),
      'GET /api/instance': () => json(KINDED_INSTANCES),
      'GET /api/customer-groups': () => json(GROUPS),
      'GET /api/templates': () => json(TEMPLATES),
    });
    renderScreen();
    const dialog = await openOn(user, 'WhatsApp Loja');
    await fill(user, within(dialog).getByRole('textbox', { name: /Mensagem/ }), 'Oi {{nome}}');
    expect(queries(fetchMock, '/api/templates')).toEqual([]);

    await chooseInstance(user, dialog, 'WhatsApp Oficial');
    const picker = await within(dialog).findByRole('combobox', { name: /Modelo aprovado/ });
    expect(within(dialog).queryByRole('textbox', { name: /Mensagem/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Arquivo (opcional)' })).not.toBeInTheDocument();
    expect(queries(fetchMock, '/api/templates')).toEqual([{ instanceId: '9' }]);

    // Only approved templates are offered.
    await user.click(picker);
    expect(screen.queryByRole('option', { name: /promo_natal/ })).not.toBeInTheDocument();
    const option = screen.getByRole('option', { name: /pedido_enviado/ });
    expect(option).toHaveTextContent('pedido_enviadopt_BRUtilidade');
    await user.click(option);
    expect(within(dialog).getByRole('combobox', { name: /Modelo aprovado/ })).toHaveValue('pedido_enviado (pt_BR)');
    const first = within(dialog).getByRole('textbox', { name: 'Parâmetro {{1}}' });
    expect(first).toHaveAttribute('placeholder', 'Maria');
    expect(within(dialog).getByRole('textbox', { name: 'Parâmetro {{2}}' })).toHaveAttribute('placeholder', 'PED-123');
    expect(
      within(dialog).getByText(/Nos parâmetros você pode usar \{\{nome\}\} e \{\{telefone\}\}/),
    ).toBeInTheDocument();

    // The preview follows what is typed; the recipient's variables show as typed.
    const preview = within(dialog).getByRole('group', { name: 'Prévia do modelo' });
    expect(preview).toHaveTextContent('Seu pedido saiuOlá {{1}}, o pedido {{2}} está a caminho.Loja Exemplo');
    await fill(user, first, '{{nome}}');
    expect(preview).toHaveTextContent('Olá {{nome}}, o pedido {{2}} está a caminho.');

    await chooseInstance(user, dialog, 'WhatsApp Loja');
    expect(within(dialog).getByRole('textbox', { name: /Mensagem/ })).toHaveValue('Oi {{nome}}');
    expect(within(dialog).queryByRole('combobox', { name: /Modelo aprovado/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Arquivo (opcional)' })).toBeInTheDocument();
  });

  it('the preview sends template {id, parameters} and shows the template and its estimated cost; the campaign is created with it', async () => {
    const user = userEvent.setup();
    const created = campaign({
      id: 12,
      name: 'Pedidos',
      instanceId: 9,
      instanceName: 'WhatsApp Oficial',
      status: 'draft',
      startedAt: null,
      total: 2,
      body: 'Seu pedido saiu\n\nOlá {{1}}, o pedido {{2}} está a caminho.\n\nLoja Exemplo',
      template: CHOSEN,
    });
    const { callsTo } = stubFetch({
      'GET /api/campaigns': () => json({ data: [], nextCursor: null }),
      'GET /api/instance': () => json(KINDED_INSTANCES),
      'GET /api/customer-groups': () => json(GROUPS),
      'GET /api/templates': () => json(TEMPLATES),
      'POST /api/campaigns/preview': () =>
        json(
          preflight({
            invalid: [],
            samples: [
              {
                phone: '+55 11 99999-0000',
                name: 'Bruno',
                text: 'Seu pedido saiu\n\nOlá Bruno, o pedido PED-42 está a caminho.\n\nLoja Exemplo',
              },
            ],
            template: CHOSEN,
            estimatedCost: { category: 'UTILITY', perMessageBrl: 0.045, totalBrl: 0.09 },
          }),
        ),
      'POST /api/campaigns': () => json(created, 201),
      'GET /api/campaigns/12': () => json(created),
      'GET /api/campaigns/12/recipients': () => json({ data: [], nextCursor: null }),
    });
    renderScreen();
    const dialog = await openOn(user, 'WhatsApp Oficial');
    await chooseTemplate(user, dialog, ['{{nome}}', 'PED-42']);
    await user.click(within(dialog).getByRole('button', { name: 'Pré-visualizar' }));

    const panel = await within(dialog).findByRole('region', { name: 'Pré-visualização' });
    const sent = callsTo('POST /api/campaigns/preview')[0]?.body as CampaignInput;
    expect(sent).toEqual({
      name: 'Pedidos',
      instanceId: 9,
      body: '',
      phones: ['11 99999-0000', '21 98888-7777'],
      customerGroupIds: [],
      contacts: [],
      template: { id: 12, parameters: ['{{nome}}', 'PED-42'] },
    });
    expect(within(panel).getByTestId('preflight-template')).toHaveTextContent(
      'Modelo: pedido_enviado · pt_BRUtilidade',
    );
    expect(within(panel).getByTestId('preflight-cost')).toHaveTextContent(
      'Custo estimado: R$ 0,09 (2 × R$ 0,045 — Utilidade)',
    );
    expect(within(panel).getByText(/Olá Bruno, o pedido PED-42 está a caminho\./)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Criar campanha' }));
    await waitFor(() => expect(callsTo('POST /api/campaigns')).toHaveLength(1));
    expect(callsTo('POST /api/campaigns')[0]?.body).toEqual(sent);

    // The detail names the template and its parameters.
    const message = await screen.findByRole('region', { name: 'Mensagem' });
    expect(within(message).getByTestId('campaign-template')).toHaveTextContent('Modelo: pedido_enviado · pt_BR');
    const parameters = within(message).getByRole('list', { name: 'Parâmetros do modelo' });
    expect(parameters).toHaveTextContent('Parâmetro {{1}}: {{nome}}');
    expect(parameters).toHaveTextContent('Parâmetro {{2}}: PED-42');
    expect(within(message).getByRole('group', { name: 'Texto do modelo' })).toHaveTextContent(
      'Olá {{nome}}, o pedido PED-42 está a caminho.',
    );
  });

  it('without a price for the category the pre-flight says so, opens the price table, and a save asks for a new pre-flight', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/campaigns': () => json({ data: [], nextCursor: null }),
      'GET /api/instance': () => json(KINDED_INSTANCES),
      'GET /api/customer-groups': () => json(GROUPS),
      'GET /api/templates': () => json(TEMPLATES),
      'POST /api/campaigns/preview': () =>
        json(
          preflight({
            template: CHOSEN,
            estimatedCost: { category: 'UTILITY', perMessageBrl: null, totalBrl: null },
          }),
        ),
      'GET /api/templates/prices': () => json([]),
      'PUT /api/templates/prices': () => json([{ category: 'UTILITY', priceBrl: 0.045 }]),
    });
    renderScreen();
    const dialog = await openOn(user, 'WhatsApp Oficial');
    await chooseTemplate(user, dialog, ['{{nome}}', 'PED-42']);
    await user.click(within(dialog).getByRole('button', { name: 'Pré-visualizar' }));
    const panel = await within(dialog).findByRole('region', { name: 'Pré-visualização' });
    const cost = within(panel).getByTestId('preflight-cost');
    expect(cost).toHaveTextContent('Sem preço para a categoria Utilidade na tabela da empresa.');
    expect(within(panel).queryByText(/Custo estimado/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Criar campanha' })).toBeEnabled();

    await user.click(within(cost).getByRole('button', { name: 'Abrir a tabela de preços' }));
    const prices = await screen.findByRole('dialog', { name: 'Preços dos modelos' });
    const utility = await within(prices).findByRole('textbox', { name: 'Utilidade' });
    await user.type(utility, '0,045');
    await user.click(within(prices).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('PUT /api/templates/prices')).toHaveLength(1));
    expect(callsTo('PUT /api/templates/prices')[0]?.body).toEqual({
      prices: [{ category: 'UTILITY', priceBrl: 0.045 }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Preços dos modelos' })).not.toBeInTheDocument());

    // The estimate was made with the old table: a new pre-flight is needed to create.
    expect(within(dialog).getByText(/A tabela de preços mudou depois da pré-visualização/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Criar campanha' })).toBeDisabled();
  });

  it('shows the server’s error on template.parameters[1] next to parameter 2', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/campaigns': () => json({ data: [], nextCursor: null }),
      'GET /api/instance': () => json(KINDED_INSTANCES),
      'GET /api/customer-groups': () => json(GROUPS),
      'GET /api/templates': () => json(TEMPLATES),
      'POST /api/campaigns/preview': () =>
        json(
          {
            code: 'invalid_campaign',
            message: 'O pedido não pode ficar vazio.',
            errors: [{ field: 'template.parameters[1]', message: 'O pedido não pode ficar vazio.' }],
          },
          422,
        ),
    });
    renderScreen();
    const dialog = await openOn(user, 'WhatsApp Oficial');
    await chooseTemplate(user, dialog, ['{{nome}}', 'PED-42']);
    await user.click(within(dialog).getByRole('button', { name: 'Pré-visualizar' }));

    const second = within(dialog).getByRole('textbox', { name: 'Parâmetro {{2}}' });
    await waitFor(() => expect(second).toHaveAttribute('aria-invalid', 'true'));
    expect(second).toHaveAccessibleDescription(/O pedido não pode ficar vazio\./);
    expect(within(dialog).getByRole('textbox', { name: 'Parâmetro {{1}}' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(dialog).queryByRole('region', { name: 'Pré-visualização' })).not.toBeInTheDocument();
  });

  it('checks the parameters before asking the server', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/campaigns': () => json({ data: [], nextCursor: null }),
      'GET /api/instance': () => json(KINDED_INSTANCES),
      'GET /api/customer-groups': () => json(GROUPS),
      'GET /api/templates': () => json(TEMPLATES),
    });
    renderScreen();
    const dialog = await openOn(user, 'WhatsApp Oficial');
    await user.click(await within(dialog).findByRole('button', { name: 'Pré-visualizar' }));
    expect(within(dialog).getByText('Escolha um modelo aprovado.')).toBeInTheDocument();

    await chooseTemplate(user, dialog, ['{{cidade}}']);
    await user.click(within(dialog).getByRole('button', { name: 'Pré-visualizar' }));
    expect(within(dialog).getByRole('textbox', { name: 'Parâmetro {{1}}' })).toHaveAccessibleDescription(
      /Variável desconhecida: \{\{cidade\}\}/,
    );
    expect(within(dialog).getByRole('textbox', { name: 'Parâmetro {{2}}' })).toHaveAccessibleDescription(
      /Preencha o parâmetro \{\{2\}\}\./,
    );
    expect(callsTo('POST /api/campaigns/preview')).toHaveLength(0);
  });

  it('from an older server’s inbox list (kind unknown): a number with templates is official; the server’s 422 on template shows the picker', async () => {
    const user = userEvent.setup();
    logIn(['campaigns']);
    const { fetchMock } = stubFetch({
      'GET /api/campaigns': () => json({ data: [], nextCursor: null }),
      'GET /api/inbox/instances': () =>
        json([
          { id: 9, name: 'WhatsApp Oficial' },
          { id: 3, name: 'WhatsApp Loja' },
        ]),
      'GET /api/customer-groups': () => json(GROUPS),
      // Instance 9 has templates; instance 3 none (yet): its answers after the server's 422 too.
      'GET /api/templates': [() => json(TEMPLATES), () => json([])],
      'POST /api/campaigns/preview': () =>
        json(
          {
            code: 'invalid_campaign',
            message: 'Números oficiais só começam conversas com modelos aprovados pela Meta: escolha um modelo.',
            errors: [
              {
                field: 'template',
                message: 'Números oficiais só começam conversas com modelos aprovados pela Meta: escolha um modelo.',
              },
            ],
          },
          422,
        ),
    });
    renderScreen('/campaigns', 'inbox');
    const dialog = await openOn(user, 'WhatsApp Oficial');
    expect(await within(dialog).findByRole('combobox', { name: /Modelo aprovado/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /Mensagem/ })).not.toBeInTheDocument();

    await chooseInstance(user, dialog, 'WhatsApp Loja');
    const body = await within(dialog).findByRole('textbox', { name: /Mensagem/ });
    expect(queries(fetchMock, '/api/templates')).toEqual([{ instanceId: '9' }, { instanceId: '3' }]);
    await fill(user, body, 'Oi {{nome}}');
    await user.click(within(dialog).getByRole('button', { name: 'Pré-visualizar' }));

    const picker = await within(dialog).findByRole('combobox', { name: /Modelo aprovado/ });
    expect(picker).toHaveAccessibleDescription(
      /Nenhum modelo aprovado para este número\. Sincronize os modelos em Instâncias\./,
    );
    expect(
      within(dialog).getByText(
        'Números oficiais só começam conversas com modelos aprovados pela Meta: escolha um modelo.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /Mensagem/ })).not.toBeInTheDocument();
  });

  it('from the inbox’s list that says which numbers are official: only those ask for and offer templates', async () => {
    const user = userEvent.setup();
    logIn(['campaigns']);
    const { fetchMock } = stubFetch({
      'GET /api/campaigns': () => json({ data: [], nextCursor: null }),
      'GET /api/inbox/instances': () =>
        json([
          { id: 9, name: 'WhatsApp Oficial', official: true },
          { id: 3, name: 'WhatsApp Loja', official: false },
        ]),
      'GET /api/customer-groups': () => json(GROUPS),
      // Whatever a number's templates would say, the list is what tells.
      'GET /api/templates': () => json(TEMPLATES),
    });
    renderScreen('/campaigns', 'inbox');
    const dialog = await openOn(user, 'WhatsApp Loja');
    expect(await within(dialog).findByRole('textbox', { name: /Mensagem/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: /Modelo aprovado/ })).not.toBeInTheDocument();
    expect(queries(fetchMock, '/api/templates')).toEqual([]);

    await chooseInstance(user, dialog, 'WhatsApp Oficial');
    expect(await within(dialog).findByRole('combobox', { name: /Modelo aprovado/ })).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: /Mensagem/ })).not.toBeInTheDocument();
    expect(queries(fetchMock, '/api/templates')).toEqual([{ instanceId: '9' }]);
  });

  it('"Preços dos modelos" saves the table’s body and shows the server’s 422 under the category', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/campaigns': () => json({ data: [], nextCursor: null }),
      'GET /api/templates/prices': () => json([{ category: 'MARKETING', priceBrl: 0.3125 }]),
      'PUT /api/templates/prices': [
        () =>
          json(
            {
              code: 'invalid_prices',
              message: 'Informe um preço entre R$ 0 e R$ 100 por mensagem.',
              errors: [{ field: 'prices[1].priceBrl', message: 'Informe um preço entre R$ 0 e R$ 100 por mensagem.' }],
            },
            422,
          ),
        () =>
          json([
            { category: 'MARKETING', priceBrl: 0.3125 },
            { category: 'UTILITY', priceBrl: 0.045 },
          ]),
      ],
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Preços dos modelos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preços dos modelos' });
    expect(
      within(dialog).getByText(
        'Os preços da Meta mudam por país e volume: confira a tabela oficial e informe o que sua empresa paga por mensagem.',
      ),
    ).toBeInTheDocument();
    const marketing = await within(dialog).findByRole('textbox', { name: /Marketing/ });
    expect(marketing).toHaveValue('R$ 0,3125');
    const utility = within(dialog).getByRole('textbox', { name: 'Utilidade' });
    expect(utility).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'Autenticação' })).toHaveValue('');

    await user.type(utility, '0,045');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(utility).toHaveAttribute('aria-invalid', 'true'));
    expect(utility).toHaveAccessibleDescription('Informe um preço entre R$ 0 e R$ 100 por mensagem.');
    expect(marketing).not.toHaveAttribute('aria-invalid', 'true');
    const body = {
      prices: [
        { category: 'MARKETING', priceBrl: 0.3125 },
        { category: 'UTILITY', priceBrl: 0.045 },
      ],
    };
    expect(callsTo('PUT /api/templates/prices')[0]?.body).toEqual(body);

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('PUT /api/templates/prices')).toHaveLength(2));
    expect(callsTo('PUT /api/templates/prices')[1]?.body).toEqual(body);
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Preços salvos' })),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Preços dos modelos' })).not.toBeInTheDocument());
  });

  it('without the route instances: no "Preços dos modelos", and the pre-flight without a price offers no way to it', async () => {
    const user = userEvent.setup();
    logIn(['campaigns']);
    const { callsTo } = stubFetch({
      'GET /api/campaigns': () => json({ data: [campaign()], nextCursor: null }),
      'GET /api/inbox/instances': () => json([{ id: 9, name: 'WhatsApp Oficial' }]),
      'GET /api/customer-groups': () => json(GROUPS),
      'GET /api/templates': () => json(TEMPLATES),
      'POST /api/campaigns/preview': () =>
        json(
          preflight({
            template: CHOSEN,
            estimatedCost: { category: 'UTILITY', perMessageBrl: null, totalBrl: null },
          }),
        ),
    });
    renderScreen('/campaigns', 'inbox');
    expect(await screen.findByRole('link', { name: 'Black Friday' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ritmo de envio' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preços dos modelos' })).not.toBeInTheDocument();

    const dialog = await openOn(user, 'WhatsApp Oficial');
    await chooseTemplate(user, dialog, ['{{nome}}', 'PED-42']);
    await user.click(within(dialog).getByRole('button', { name: 'Pré-visualizar' }));
    const cost = await within(dialog).findByTestId('preflight-cost');
    expect(cost).toHaveTextContent('Sem preço para a categoria Utilidade na tabela da empresa.');
    expect(within(cost).queryByRole('button')).not.toBeInTheDocument();
    expect(callsTo('GET /api/templates/prices')).toHaveLength(0);
  });
});
