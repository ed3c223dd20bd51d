import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../../lib/message-templates';
import type { QuickReply } from '../../../lib/quick-replies';
import { filePicker, nthXhr, stubXhr } from '../../../testing/fake-xhr';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { emptyParameterRefusal, messageTemplate, quickReply, TABELA_PDF } from '../../../testing/messages';
import { renderWithProviders } from '../../../testing/render';
import { QuickReplyFormModal } from './QuickReplyFormModal';

/** The reply being edited: personal, used 12 times. */
function reply(extra: Partial<QuickReply> = {}): QuickReply {
  return quickReply(7, 'pedido', '', { scope: 'personal', uses: 12, editable: true, ...extra });
}

/** The official number's templates are number 2's: no header or footer. */
function template(id: number, extra: Partial<Template> = {}): Template {
  return messageTemplate(id, { instanceId: 2, header: null, footer: null, ...extra });
}

async function choose(label: RegExp, option: RegExp) {
  const dialog = screen.getByRole('dialog');
  await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('QuickReplyFormModal: a file or a template with the reply', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn();
    stubXhr();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uploads a file for the reply: the text becomes an optional caption; a refusal shows under "Anexo"', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { callsTo } = stubFetch({
      'POST /api/quick-replies': [
        () =>
          json(
            {
              code: 'media_not_found',
              message: 'Arquivo não encontrado.',
              errors: [{ field: 'attachment.mediaId', message: 'Arquivo não encontrado: anexe de novo.' }],
            },
            422,
          ),
        () => json(reply({ shortcut: 'tabela', attachment: { ...TABELA_PDF, mediaId: 55 } }), 201),
      ],
    });
    renderWithProviders(<QuickReplyFormModal opened reply={null} manager={false} userName="Ana" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nova resposta rápida' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Atalho/ }), 'tabela');
    expect(within(dialog).getByRole('textbox', { name: /^Texto/ })).toBeRequired();

    const file = new File(['%PDF'], 'tabela.pdf', { type: 'application/pdf' });
    await user.upload(filePicker(dialog), file);
    const xhr = await nthXhr(1);
    expect(xhr.url).toBe('/api/quick-replies/media?fileName=tabela.pdf');
    expect(xhr.headers['Content-Type']).toBe('application/octet-stream');
    expect(xhr.body).toBe(file);
    // The form waits for the upload.
    expect(within(dialog).getByRole('button', { name: 'Criar resposta' })).toBeDisabled();
    xhr.respond(201, TABELA_PDF);
    expect(await within(dialog).findByTestId('attached-file')).toHaveTextContent('tabela.pdfPDF · 1,2 MB');
    const text = within(dialog).getByRole('textbox', { name: /^Texto \(opcional\)/ });
    expect(text).not.toBeRequired();
    expect(within(dialog).getByTestId('quick-reply-preview')).toHaveTextContent('tabela.pdf');

    // No text: the file goes alone.
    await user.click(within(dialog).getByRole('button', { name: 'Criar resposta' }));
    const remove = within(dialog).getByRole('button', { name: 'Remover arquivo tabela.pdf' });
    await waitFor(() => expect(remove).toHaveAccessibleDescription(/Arquivo não encontrado: anexe de novo\./));
    expect(remove).toHaveFocus();
    expect(callsTo('POST /api/quick-replies')[0]?.body).toEqual({
      shortcut: 'tabela',
      body: '',
      scope: 'personal',
      attachment: { mediaId: 55, fileName: 'tabela.pdf' },
    });

    // What was filled stays; a caption goes with it.
    await user.type(text, 'Segue a tabela, {{{{primeiro_nome}}.');
    await user.click(within(dialog).getByRole('button', { name: 'Criar resposta' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo('POST /api/quick-replies')[1]?.body).toEqual({
      shortcut: 'tabela',
      body: 'Segue a tabela, {{primeiro_nome}}.',
      scope: 'personal',
      attachment: { mediaId: 55, fileName: 'tabela.pdf' },
    });
  });

  it('points a reply at an official number’s approved template, with variables in its values', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { callsTo } = stubFetch({
      'GET /api/instance': () =>
        json([
          { id: 1, name: 'Loja (QR)', activated: true, providerKind: 'evolution' },
          { id: 2, name: 'Loja oficial', activated: true, providerKind: 'cloud' },
        ]),
      'GET /api/templates': () => json([template(3), template(4, { name: 'promo', status: 'PENDING' })]),
      'POST /api/quick-replies': [emptyParameterRefusal, () => json(reply(), 201)],
    });
    logIn(['instances']);
    renderWithProviders(
      <QuickReplyFormModal
        opened
        reply={null}
        manager={false}
        userName="Ana"
        instanceSource="instances"
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nova resposta rápida' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Atalho/ }), 'pedido');
    await user.click(within(dialog).getByRole('radio', { name: 'Modelo aprovado (números oficiais)' }));
    // No text, no file: the template's text is what goes.
    expect(within(dialog).queryByRole('textbox', { name: /^Texto/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Anexar arquivo' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Criar resposta' }));
    expect(await within(dialog).findByText('Escolha o número oficial.')).toBeInTheDocument();
    expect(callsTo('POST /api/quick-replies')).toHaveLength(0);

    // Only the official numbers are offered.
    await user.click(within(dialog).getByRole('combobox', { name: /^Número oficial/ }));
    expect(await screen.findByRole('option', { name: 'Loja oficial' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Loja (QR)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Loja oficial' }));
    await waitFor(() => expect(callsTo('GET /api/templates')[0]?.query.get('instanceId')).toBe('2'));

    // Only the approved templates.
    await user.click(await within(dialog).findByRole('combobox', { name: /^Modelo aprovado/ }));
    expect(await screen.findByRole('option', { name: /pedido_enviado_3/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /promo/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /pedido_enviado_3/ }));

    const first = within(dialog).getByRole('textbox', { name: /^Parâmetro \{\{1\}\}/ });
    const second = within(dialog).getByRole('textbox', { name: /^Parâmetro \{\{2\}\}/ });
    await user.type(first, '{{{{primeiro_nome}}');
    await user.type(second, '{{{{protocolo}}');
    // The preview fills the variables with the examples.
    expect(within(dialog).getByRole('group', { name: 'Prévia do modelo' })).toHaveTextContent(
      'Olá Maria, seu pedido 20261205ABC12 saiu para entrega.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Criar resposta' }));

    await waitFor(() => expect(second).toHaveAccessibleDescription(/O parâmetro \{\{2\}\} não pode ficar vazio\./));
    expect(second).toHaveFocus();
    expect(first).toHaveValue('{{primeiro_nome}}');
    expect(callsTo('POST /api/quick-replies')[0]?.body).toEqual({
      shortcut: 'pedido',
      body: '',
      scope: 'personal',
      template: { id: 3, parameters: ['{{primeiro_nome}}', '{{protocolo}}'] },
    });

    await user.clear(second);
    await user.type(second, '  #123 ');
    await user.click(within(dialog).getByRole('button', { name: 'Criar resposta' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo('POST /api/quick-replies')[1]?.body).toEqual({
      shortcut: 'pedido',
      body: '',
      scope: 'personal',
      template: { id: 3, parameters: ['{{primeiro_nome}}', '#123'] },
    });
  });

  it('from the inbox’s list, offers only the numbers it says are official, and asks for their templates only', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/inbox/instances': () =>
        json([
          { id: 1, name: 'Loja (QR)', official: false },
          { id: 2, name: 'Loja oficial', official: true },
        ]),
      'GET /api/templates': () => json([template(3)]),
    });
    renderWithProviders(<QuickReplyFormModal opened reply={null} manager={false} userName="Ana" onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nova resposta rápida' });
    await user.click(within(dialog).getByRole('radio', { name: 'Modelo aprovado (números oficiais)' }));

    await user.click(within(dialog).getByRole('combobox', { name: /^Número oficial/ }));
    expect(await screen.findByRole('option', { name: 'Loja oficial' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Loja (QR)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Loja oficial' }));
    await user.click(await within(dialog).findByRole('combobox', { name: /^Modelo aprovado/ }));
    expect(await screen.findByRole('option', { name: /pedido_enviado_3/ })).toBeInTheDocument();
    expect(callsTo('GET /api/templates').map((call) => call.query.get('instanceId'))).toEqual(['2']);
  });

  it('checks a value’s variables before sending', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/inbox/instances': () => json([{ id: 2, name: 'Loja oficial' }]),
      'GET /api/templates': () => json([template(3)]),
    });
    renderWithProviders(<QuickReplyFormModal opened reply={null} manager={false} userName="Ana" onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Nova resposta rápida' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Atalho/ }), 'pedido');
    await user.click(within(dialog).getByRole('radio', { name: 'Modelo aprovado (números oficiais)' }));
    await choose(/^Número oficial/, /Loja oficial/);
    await choose(/^Modelo aprovado/, /pedido_enviado_3/);
    await user.type(within(dialog).getByRole('textbox', { name: /^Parâmetro \{\{1\}\}/ }), '{{{{cliente}}');
    await user.click(within(dialog).getByRole('button', { name: 'Criar resposta' }));
    expect(await within(dialog).findByText(/^Variável desconhecida: \{\{cliente\}\}/)).toBeInTheDocument();
    expect(within(dialog).getByText('Preencha o parâmetro.')).toBeInTheDocument();
    expect(callsTo('POST /api/quick-replies')).toHaveLength(0);
  });

  it('edits a template reply into a text one: the template goes as null, and back is unchanged', async () => {
    const user = userEvent.setup();
    const withTemplate = reply({
      template: {
        id: 3,
        instanceId: 2,
        instanceName: 'Loja oficial',
        name: 'pedido_enviado_3',
        language: 'pt_BR',
        status: 'APPROVED',
        body: 'Olá {{1}}, seu pedido {{2}} saiu para entrega.',
        parameters: ['{{primeiro_nome}}', '{{protocolo}}'],
      },
    });
    const onClose = vi.fn();
    const { callsTo } = stubFetch({
      'GET /api/inbox/instances': () => json([{ id: 2, name: 'Loja oficial' }]),
      'GET /api/templates': () => json([template(3)]),
      'PUT /api/quick-replies/7': () => json(reply({ body: 'Seu pedido saiu.' })),
    });
    renderWithProviders(
      <QuickReplyFormModal opened reply={withTemplate} manager={false} userName="Ana" onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar resposta rápida' });
    expect(within(dialog).getByRole('radio', { name: 'Modelo aprovado (números oficiais)' })).toBeChecked();
    expect(await within(dialog).findByRole('textbox', { name: /^Parâmetro \{\{2\}\}/ })).toHaveValue('{{protocolo}}');
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: 'Texto e anexo' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Texto/ }), 'Seu pedido saiu.');
    await user.click(within(dialog).getByRole('radio', { name: 'Modelo aprovado (números oficiais)' }));
    // Back to the template as it was: nothing to save.
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Texto e anexo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo('PUT /api/quick-replies/7')[0]?.body).toEqual({ body: 'Seu pedido saiu.', template: null });
  });
});
