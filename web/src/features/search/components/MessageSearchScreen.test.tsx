import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch, type RecordedCall } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { hit, match, searchTicket } from '../test-data';
import { MessageSearchScreen } from './MessageSearchScreen';

/** Monday 23 November 2026, 12:30 in São Paulo. */
const NOW = new Date('2026-11-23T15:30:00Z');

const MARIA = searchTicket(1, {
  customer: { id: 101, name: 'Maria Souza', phone: '+5511988887777' },
  status: 'pending',
  assignedUser: null,
  tags: [{ id: 4, name: 'Orçamento', color: '#fab005' }],
});
const JOAO = searchTicket(2, {
  customer: { id: 102, name: 'João Lima', phone: '+5511977776666' },
  status: 'closed',
  instance: { id: 3, name: 'WhatsApp Vendas' },
});

/** The server's two pages for "boletos": Maria's matches span both. */
const FIRST_PAGE = {
  data: [
    hit(MARIA, [
      match(900, { sentAt: '2026-11-23T15:25:00Z' }),
      match(880, {
        direction: 'out',
        kind: 'internal',
        sentAt: '2026-11-23T12:30:00Z',
        snippet: [
          { text: 'conferir o ', hit: false },
          { text: 'boleto', hit: true },
        ],
      }),
    ]),
    hit(JOAO, [
      match(700, {
        direction: 'out',
        sentAt: '2026-11-02T13:00:00Z',
        snippet: [
          { text: 'Segue o ', hit: false },
          { text: 'boleto', hit: true },
        ],
      }),
    ]),
  ],
  next_cursor: 'c2',
};
const SECOND_PAGE = {
  data: [hit(MARIA, [match(600, { sentAt: '2026-11-20T12:00:00Z' })])],
  next_cursor: null,
};

function answer(call: RecordedCall) {
  return json(call.query.get('cursor') === 'c2' ? SECOND_PAGE : FIRST_PAGE);
}

function renderScreen(path = '/search') {
  return renderRoutes(
    [
      { path: '/search', element: <MessageSearchScreen /> },
      { path: '/', element: <p>Caixa de entrada</p> },
    ],
    path,
  );
}

/** The conversations listed, by customer. */
function conversations(): string[] {
  const list = screen.queryByRole('list', { name: 'Conversas encontradas' });
  return list
    ? within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent ?? '')
    : [];
}

function conversation(name: string) {
  return screen.getByRole('article', { name });
}

describe('MessageSearchScreen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    logIn();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says what can be searched before a search, and asks nothing', () => {
    const { callsTo } = stubFetch({ 'GET /api/search/messages': answer });
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Busque nas conversas que você pode ver' })).toBeInTheDocument();
    expect(screen.getByText(/legendas de fotos, vídeos e documentos e as anotações internas/)).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Buscar mensagens' })).toBeInTheDocument();
    expect(callsTo('GET /api/search/messages')).toHaveLength(0);
  });

  it('searches what is typed after a pause, shows it by conversation and loads more', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({ 'GET /api/search/messages': answer });
    const { router, container } = renderScreen();
    const field = screen.getByRole('textbox', { name: /Palavras da mensagem/ });
    // One character: nothing is asked yet.
    await user.type(field, 'b');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(callsTo('GET /api/search/messages')).toHaveLength(0);
    await user.type(field, 'oletos  ');

    await waitFor(() => expect(conversations()).toEqual(['Maria Souza', 'João Lima']));
    // One request, for the text typed (trimmed), 30 at a time; the URL keeps it.
    expect(callsTo('GET /api/search/messages')).toHaveLength(1);
    expect(Object.fromEntries(callsTo('GET /api/search/messages')[0]?.query ?? [])).toEqual({
      q: 'boletos',
      limit: '30',
    });
    expect(router.state.location.search).toBe('?q=boletos');
    // The field keeps what was typed, trailing spaces too (the user may go on typing).
    expect(field).toHaveValue('boletos  ');
    expect(screen.getByTestId('search-summary')).toHaveTextContent('3 mensagens em 2 conversas · há mais');

    const maria = conversation('Maria Souza');
    expect(maria).toHaveTextContent('Protocolo 20261123P1 · WhatsApp Loja');
    expect(within(maria).getByText('Aguardando')).toBeInTheDocument();
    expect(within(within(maria).getByRole('list', { name: 'Etiquetas do atendimento' })).getByText('Orçamento'));
    const [customerLine, noteLine] = within(maria).getAllByRole('link');
    expect(customerLine).toHaveAttribute('href', '/?ticket=1&message=900');
    expect(customerLine).toHaveTextContent('Cliente·há 5 min.Paguei o boleto ontem');
    expect(noteLine).toHaveAttribute('href', '/?ticket=1&message=880');
    expect(noteLine).toHaveAttribute('data-kind', 'internal');
    expect(noteLine).toHaveTextContent('Anotação interna·há 3 h');
    expect(within(noteLine as HTMLElement).getByText('boleto').tagName).toBe('MARK');

    const joao = conversation('João Lima');
    expect(within(joao).getByText('Encerrado')).toBeInTheDocument();
    expect(joao).toHaveTextContent('WhatsApp Vendas · Ana Souza');
    // Older than a week: the date and time, São Paulo.
    expect(within(joao).getByRole('link')).toHaveTextContent('Equipe·02/11/2026, 10:00Segue o boleto');

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    // Maria's older match joins her conversation; no conversation twice.
    await waitFor(() =>
      expect(
        within(conversation('Maria Souza'))
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/?ticket=1&message=900', '/?ticket=1&message=880', '/?ticket=1&message=600']),
    );
    expect(conversations()).toEqual(['Maria Souza', 'João Lima']);
    expect(callsTo('GET /api/search/messages')[1]?.query.get('cursor')).toBe('c2');
    expect(screen.getByTestId('search-summary')).toHaveTextContent('4 mensagens em 2 conversas');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    // A match opens the inbox at that message.
    await user.click(within(conversation('João Lima')).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('?ticket=2&message=700');
  });

  it('searches at once with Enter, and says when the text is too short', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({ 'GET /api/search/messages': answer });
    renderScreen();
    const field = screen.getByRole('textbox', { name: /Palavras da mensagem/ });
    await user.type(field, 'b{Enter}');
    expect(await screen.findByText('Digite ao menos 2 caracteres.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, 'oleto{Enter}');
    expect(screen.queryByText('Digite ao menos 2 caracteres.')).not.toBeInTheDocument();
    await waitFor(() => expect(conversations()).toEqual(['Maria Souza', 'João Lima']));
    expect(callsTo('GET /api/search/messages')).toHaveLength(1);
    expect(callsTo('GET /api/search/messages')[0]?.query.get('q')).toBe('boleto');
  });

  it('opens with the search in the URL; clearing it goes back to the tips', async () => {
    const user = userEvent.setup();
    stubFetch({ 'GET /api/search/messages': answer });
    const { router } = renderScreen('/search?q=boletos');
    expect(screen.getByRole('textbox', { name: /Palavras da mensagem/ })).toHaveValue('boletos');
    expect(screen.getByRole('status', { name: 'Buscando mensagens' })).toBeInTheDocument();
    await waitFor(() => expect(conversations()).toEqual(['Maria Souza', 'João Lima']));
    await user.click(screen.getByRole('button', { name: 'Limpar a busca' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('heading', { name: 'Busque nas conversas que você pode ver' })).toBeInTheDocument();
  });

  it('says when nothing was found', async () => {
    stubFetch({ 'GET /api/search/messages': () => json({ data: [], next_cursor: null }) });
    renderScreen('/search?q=xilofone');
    expect(await screen.findByText('Nenhuma mensagem encontrada')).toBeInTheDocument();
    expect(screen.getByText(/Nada com todas as palavras de “xilofone”/)).toBeInTheDocument();
  });

  it('shows the server’s refusal (422) without offering to try again', async () => {
    stubFetch({
      'GET /api/search/messages': () =>
        json(
          {
            code: 'invalid_search',
            message: 'Busque por 2 a 100 caracteres, com ao menos uma letra ou número.',
            errors: [{ field: 'q', message: 'Busque por 2 a 100 caracteres, com ao menos uma letra ou número.' }],
          },
          422,
        ),
    });
    renderScreen('/search?q=%3F%3F');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não dá para buscar por esse texto.');
    expect(alert).toHaveTextContent('Busque por 2 a 100 caracteres, com ao menos uma letra ou número.');
    expect(within(alert).queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
  });

  it('offers to try again when the server failed', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/search/messages': [
        () => json({ code: 'server_error', message: 'Erro interno. Tente novamente.' }, 500),
        answer,
      ],
    });
    renderScreen('/search?q=boletos');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível buscar as mensagens.');
    expect(alert).toHaveTextContent('Erro interno. Tente novamente.');
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(conversations()).toEqual(['Maria Souza', 'João Lima']));
  });
});
