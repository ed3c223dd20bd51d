import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuickReply } from '../../../lib/quick-replies';
import { json, logIn, stubFetch, type RecordedCall } from '../../../testing/fixtures';
import { quickReply } from '../../../testing/messages';
import { renderWithProviders } from '../../../testing/render';
import { QuickRepliesScreen } from './QuickRepliesScreen';

/** One's own reply, used by no one yet. */
function reply(id: number, shortcut: string, body: string, extra: Partial<QuickReply> = {}): QuickReply {
  return quickReply(id, shortcut, body, { scope: 'personal', editable: true, ...extra });
}

const BOLETO = reply(1, 'boleto', '{{saudacao}}, {{primeiro_nome}}! Segue o boleto atualizado.', {
  scope: 'tenant',
  uses: 1234,
  editable: false,
});
const FRETE = reply(2, 'frete', 'O frete para {{nome}} sai em 2 dias.', {
  scope: 'department',
  department: { id: 4, name: 'Vendas' },
  uses: 3,
});
const OLA = reply(3, 'ola', 'Olá! Sou {{atendente}}.', { uses: 0 });

/** Answers the list as the server does: by scope and search, `next_cursor` after the first two. */
function listAnswer(all: () => QuickReply[]) {
  return (call: RecordedCall) => {
    const scope = call.query.get('scope');
    const q = call.query.get('q')?.toLowerCase() ?? '';
    const matching = all().filter(
      (r) => (!scope || r.scope === scope) && (!q || r.shortcut.includes(q) || r.body.toLowerCase().includes(q)),
    );
    const from = call.query.get('cursor') === 'next' ? 2 : 0;
    const page = matching.slice(from, from + 2);
    return json({ data: page, next_cursor: from === 0 && matching.length > 2 ? 'next' : null });
  };
}

/** The shortcuts of the desktop table's rows (the phone's cards hold the same replies). */
function rowShortcuts(): string[] {
  return screen
    .queryAllByTestId(/^quick-reply-row-/)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

function filter(name: string) {
  return within(screen.getByRole('radiogroup', { name: 'Filtrar respostas' })).getByRole('radio', { name });
}

describe('QuickRepliesScreen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn();
  });

  it('lists the replies by scope, searches on the server and loads more pages', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({ 'GET /api/quick-replies': listAnswer(() => [BOLETO, FRETE, OLA]) });
    renderWithProviders(<QuickRepliesScreen manager userName="Ana Souza" />);
    await waitFor(() => expect(rowShortcuts()).toEqual(['/boleto', '/frete']));
    const boleto = screen.getByTestId('quick-reply-row-1');
    expect(boleto).toHaveTextContent('Empresa');
    expect(boleto).toHaveTextContent('1.234');
    // Not editable: no actions.
    expect(within(boleto).queryByRole('button', { name: /^Ações da resposta/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('quick-reply-row-2')).toHaveTextContent('Departamento: Vendas');
    expect(screen.getByText('2 respostas mostradas · há mais')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(rowShortcuts()).toEqual(['/boleto', '/frete', '/ola']));
    expect(callsTo('GET /api/quick-replies')[1]?.query.get('cursor')).toBe('next');

    await user.click(filter('Empresa'));
    await waitFor(() => expect(rowShortcuts()).toEqual(['/boleto']));
    expect(callsTo('GET /api/quick-replies').at(-1)?.query.get('scope')).toBe('tenant');
    await user.click(filter('Pessoais'));
    await waitFor(() => expect(rowShortcuts()).toEqual(['/ola']));

    await user.click(filter('Todas'));
    await user.type(screen.getByRole('textbox', { name: 'Buscar respostas rápidas' }), 'frete');
    await waitFor(() => expect(rowShortcuts()).toEqual(['/frete']));
    const last = callsTo('GET /api/quick-replies').at(-1);
    expect(last?.query.get('q')).toBe('frete');
    expect(last?.query.has('scope')).toBe(false);

    await user.clear(screen.getByRole('textbox', { name: 'Buscar respostas rápidas' }));
    await user.type(screen.getByRole('textbox', { name: 'Buscar respostas rápidas' }), 'nada');
    expect(await screen.findByText('Nenhuma resposta encontrada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostrar todas' }));
    // Back to every reply, the pages already read included.
    await waitFor(() => expect(rowShortcuts()).toEqual(['/boleto', '/frete', '/ola']));
  });

  it('marks the replies that send a file or a template, and keeps their uses', async () => {
    const tabela = reply(4, 'tabela', 'Segue a tabela.', {
      uses: 8,
      attachment: { mediaId: 55, fileName: 'tabela.pdf', type: 'document', mimeType: 'application/pdf', size: 1000 },
    });
    const pedido = reply(5, 'pedido', '', {
      uses: 2,
      template: {
        id: 3,
        instanceId: 2,
        instanceName: 'Loja oficial',
        name: 'pedido_enviado',
        language: 'pt_BR',
        status: 'APPROVED',
        body: 'Olá {{1}}, seu pedido saiu.',
        parameters: ['{{primeiro_nome}}'],
      },
    });
    stubFetch({ 'GET /api/quick-replies': () => json({ data: [tabela, pedido], next_cursor: null }) });
    renderWithProviders(<QuickRepliesScreen manager={false} userName="Ana Souza" />);
    const file = await screen.findByTestId('quick-reply-row-4');
    expect(within(file).getByRole('img', { name: 'Anexo' })).toBeInTheDocument();
    expect(file).toHaveTextContent('tabela.pdfSegue a tabela.');
    expect(file).toHaveTextContent('8');
    const template = screen.getByTestId('quick-reply-row-5');
    expect(template).toHaveTextContent('Modelopedido_enviadoOlá {{primeiro_nome}}, seu pedido saiu.');
  });

  it('explains quick replies and `/` when there is none yet', async () => {
    stubFetch({ 'GET /api/quick-replies': () => json({ data: [], next_cursor: null }) });
    renderWithProviders(<QuickRepliesScreen manager={false} userName="Ana Souza" />);
    expect(await screen.findByText('Nenhuma resposta rápida ainda')).toBeInTheDocument();
    expect(screen.getByText(/Numa conversa, digite/)).toHaveTextContent(
      'Numa conversa, digite / no campo de mensagem e escolha uma',
    );
    expect(screen.getAllByRole('button', { name: 'Nova resposta' })).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: 'Buscar respostas rápidas' })).not.toBeInTheDocument();
  });

  it('creates a company reply: variables at the caret, a live preview, the server’s 422 under Atalho', async () => {
    const user = userEvent.setup();
    const replies: QuickReply[] = [OLA];
    const { callsTo } = stubFetch({
      'GET /api/quick-replies': listAnswer(() => replies),
      'POST /api/quick-replies': [
        () =>
          json(
            {
              code: 'shortcut_taken',
              message: 'Já existe uma resposta com esse atalho.',
              errors: [{ field: 'shortcut', message: 'Já existe uma resposta com esse atalho.' }],
            },
            422,
          ),
        (call) => {
          const body = call.body as { shortcut: string; body: string; scope: 'tenant' };
          const created = reply(9, body.shortcut, body.body, { scope: body.scope });
          replies.push(created);
          return json(created, 201);
        },
      ],
    });
    renderWithProviders(<QuickRepliesScreen manager userName="Ana Souza" />);
    await waitFor(() => expect(rowShortcuts()).toEqual(['/ola']));
    await user.click(screen.getByRole('button', { name: 'Nova resposta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova resposta rápida' });
    const shortcut = within(dialog).getByRole('textbox', { name: /^Atalho/ });
    const text = within(dialog).getByRole('textbox', { name: /^Texto/ });

    await user.click(within(dialog).getByRole('button', { name: 'Criar resposta' }));
    expect(await within(dialog).findByText('Informe o atalho.')).toBeInTheDocument();
    expect(within(dialog).getByText('Informe o texto.')).toBeInTheDocument();
    expect(callsTo('POST /api/quick-replies')).toHaveLength(0);

    await user.type(shortcut, '/Boleto');
    await user.type(text, ', segue o boleto.');
    await user.click(text);
    (text as HTMLTextAreaElement).setSelectionRange(0, 0);
    await user.click(
      within(dialog).getByRole('button', { name: 'Inserir {{saudacao}} (bom dia, boa tarde ou boa noite)' }),
    );
    expect(text).toHaveValue('{{saudacao}}, segue o boleto.');
    await user.click(
      within(dialog).getByRole('button', { name: 'Inserir {{primeiro_nome}} (primeiro nome do cliente)' }),
    );
    expect(text).toHaveValue('{{saudacao}}{{primeiro_nome}}, segue o boleto.');
    expect(within(dialog).getByTestId('quick-reply-preview')).toHaveTextContent(
      /^(Bom dia|Boa tarde|Boa noite)Maria, segue o boleto\.$/,
    );
    await user.clear(text);
    await user.type(text, 'Olá, {{{{nome}}! Protocolo {{{{protocolo}}. {{{{atendente}}, {{{{departamento}}.');
    expect(within(dialog).getByTestId('quick-reply-preview')).toHaveTextContent(
      'Olá, Maria Souza! Protocolo 20261205ABC12. Ana Souza, Vendas.',
    );

    // Who uses it: the manager chooses.
    await user.click(within(dialog).getByRole('radio', { name: /^Empresa/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar resposta' }));
    expect(await within(dialog).findByText('Já existe uma resposta com esse atalho.')).toBeInTheDocument();
    expect(shortcut).toHaveAttribute('aria-invalid', 'true');
    expect(shortcut).toHaveFocus();
    expect(callsTo('POST /api/quick-replies')[0]?.body).toEqual({
      shortcut: 'boleto',
      body: 'Olá, {{nome}}! Protocolo {{protocolo}}. {{atendente}}, {{departamento}}.',
      scope: 'tenant',
    });

    await user.clear(shortcut);
    await user.type(shortcut, 'boleto2');
    await user.click(within(dialog).getByRole('button', { name: 'Criar resposta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST /api/quick-replies')[1]?.body).toMatchObject({ shortcut: 'boleto2', scope: 'tenant' });
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Resposta criada', message: 'Numa conversa, digite /boleto2 para usá-la.' }),
    );
    await waitFor(() => expect(rowShortcuts()).toContain('/boleto2'));
  });

  it('creates a department’s reply, the department chosen from the active ones', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/quick-replies': listAnswer(() => []),
      'GET /api/departments': () =>
        json([
          { id: 4, name: 'Vendas', activated: true },
          { id: 5, name: 'Antigo', activated: false },
        ]),
      'POST /api/quick-replies': () => json(reply(9, 'frete', 'x', { scope: 'department' }), 201),
    });
    renderWithProviders(<QuickRepliesScreen manager userName="Ana Souza" />);
    await screen.findByText('Nenhuma resposta rápida ainda');
    await user.click(screen.getByRole('button', { name: 'Nova resposta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova resposta rápida' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Atalho/ }), 'frete');
    await user.type(within(dialog).getByRole('textbox', { name: /^Texto/ }), 'O frete sai em 2 dias.');
    await user.click(within(dialog).getByRole('radio', { name: /^Departamento/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar resposta' }));
    expect(await within(dialog).findByText('Escolha o departamento.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /^Departamento/ }));
    expect(await screen.findByRole('option', { name: 'Vendas' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Antigo' })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Vendas' }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar resposta' }));
    await waitFor(() =>
      expect(callsTo('POST /api/quick-replies')[0]?.body).toEqual({
        shortcut: 'frete',
        body: 'O frete sai em 2 dias.',
        scope: 'department',
        departmentId: 4,
      }),
    );
  });

  it('edits a reply (only what changed is sent) and deletes one after confirming', async () => {
    const user = userEvent.setup();
    let replies = [BOLETO, FRETE];
    const { callsTo } = stubFetch({
      'GET /api/quick-replies': listAnswer(() => replies),
      'PUT /api/quick-replies/2': (call) => {
        replies = replies.map((r) => (r.id === 2 ? { ...r, ...(call.body as object) } : r));
        return json(replies.find((r) => r.id === 2));
      },
      'DELETE /api/quick-replies/2': () => {
        replies = replies.filter((r) => r.id !== 2);
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<QuickRepliesScreen manager userName="Ana Souza" />);
    await waitFor(() => expect(rowShortcuts()).toEqual(['/boleto', '/frete']));

    const row = () => screen.getByTestId('quick-reply-row-2');
    await user.click(within(row()).getByRole('button', { name: 'Ações da resposta /frete' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar resposta rápida' });
    expect(within(dialog).getByRole('textbox', { name: /^Atalho/ })).toHaveValue('frete');
    // The scope stays what it was.
    expect(within(dialog).queryByRole('radiogroup', { name: /^Quem usa/ })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Departamento: Vendas — quem usa a resposta não muda depois de criada.');
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeDisabled();
    const text = within(dialog).getByRole('textbox', { name: /^Texto/ });
    await user.clear(text);
    await user.type(text, 'O frete sai amanhã.');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(callsTo('PUT /api/quick-replies/2')[0]?.body).toEqual({ body: 'O frete sai amanhã.' }));
    await waitFor(() => expect(row()).toHaveTextContent('O frete sai amanhã.'));
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Resposta salva' }));

    await user.click(within(row()).getByRole('button', { name: 'Ações da resposta /frete' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir resposta rápida' });
    expect(confirm).toHaveTextContent('/frete deixa de aparecer nas conversas do departamento Vendas.');
    expect(callsTo('DELETE /api/quick-replies/2')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(callsTo('DELETE /api/quick-replies/2')).toHaveLength(1));
    await waitFor(() => expect(rowShortcuts()).toEqual(['/boleto']));
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Resposta excluída', message: '/frete não aparece mais nas conversas.' }),
    );
  });

  it('offers no scope to someone who is neither administrator nor supervisor: their replies are personal', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/quick-replies': listAnswer(() => [OLA]),
      'POST /api/quick-replies': (call) =>
        json(reply(9, (call.body as { shortcut: string }).shortcut, (call.body as { body: string }).body), 201),
    });
    renderWithProviders(<QuickRepliesScreen manager={false} userName="Beto" />);
    await waitFor(() => expect(rowShortcuts()).toEqual(['/ola']));
    await user.click(screen.getByRole('button', { name: 'Nova resposta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova resposta rápida' });
    expect(within(dialog).queryByRole('radio', { name: /Empresa/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('radio', { name: /Departamento/ })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('A resposta é pessoal: só você vê e usa.');
    await user.type(within(dialog).getByRole('textbox', { name: /^Atalho/ }), 'pix');
    await user.type(within(dialog).getByRole('textbox', { name: /^Texto/ }), 'Sou {{{{atendente}}.');
    expect(within(dialog).getByTestId('quick-reply-preview')).toHaveTextContent('Sou Beto.');
    await user.click(within(dialog).getByRole('button', { name: 'Criar resposta' }));
    await waitFor(() =>
      expect(callsTo('POST /api/quick-replies')[0]?.body).toEqual({
        shortcut: 'pix',
        body: 'Sou {{atendente}}.',
        scope: 'personal',
      }),
    );
    expect(callsTo('GET /api/departments')).toHaveLength(0);
  });
});
