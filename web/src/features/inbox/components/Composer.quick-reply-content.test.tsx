import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { filledReply, messageTemplate } from '../../../testing/messages';
import { renderRoutes } from '../../../testing/render';
import type { FilledReply } from '../api/get-quick-replies';
import { sendMessage, type TemplateSend } from '../api/send-message';
import type { TemplateSendExtra } from '../composer/TemplatePicker';
import { message } from '../test-data';
import { serviceWindow } from '../window';
import { Composer, type SendExtra } from './Composer';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const open = serviceWindow('2026-11-23T20:00:00Z', NOW);
const closed = serviceWindow('2026-11-23T11:00:00Z', NOW);

const TABELA = filledReply(1, 'tabela', 'Segue a tabela, Maria.', {
  body: 'Segue a tabela, {{primeiro_nome}}.',
  attachment: { mediaId: 55, fileName: 'tabela.pdf', type: 'document', mimeType: 'application/pdf', size: 1_258_291 },
});
const REPLY_TEMPLATE = {
  id: 3,
  instanceId: 1,
  instanceName: 'Loja oficial',
  name: 'pedido_enviado_3',
  language: 'pt_BR',
  status: 'APPROVED',
  body: 'Seu pedido\nOlá {{1}}, seu pedido {{2}} saiu para entrega.\nLoja Exemplo',
  parameters: ['{{primeiro_nome}}', '{{protocolo}}'],
};
const PEDIDO = filledReply(2, 'pedido', '', {
  template: REPLY_TEMPLATE,
  templateParameters: ['Maria', '20261123ABC'],
});
const SEM_NOME = filledReply(3, 'pedido-nome', '', {
  template: { ...REPLY_TEMPLATE, parameters: ['{{nome}}', '{{protocolo}}'] },
  templateParameters: ['{{nome}}', '20261123ABC'],
  missing: ['nome'],
});

/** Each test writes on a ticket of its own (the composer keeps each ticket's draft for the page's life). */
let ticketId = 70;

function serve(replies: FilledReply[]) {
  ticketId += 1;
  return stubFetch({
    'GET /api/media/limits': () => json({ limits: [] }),
    'GET /api/templates': () => json([messageTemplate(3)]),
    [`GET /api/tickets/${ticketId}/quick-replies`]: () => json(replies),
  });
}

type OnSendTemplate = (template: TemplateSend, body: string, extra?: TemplateSendExtra) => Promise<unknown>;

function renderComposer(window = open) {
  const onSend = vi.fn<(body: string, extra?: SendExtra) => void>();
  const onSendTemplate = vi.fn<OnSendTemplate>(() => Promise.resolve());
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <Composer
            ticketId={ticketId}
            instanceId={1}
            onSend={onSend}
            serviceWindow={window}
            onSendTemplate={onSendTemplate}
          />
        ),
      },
    ],
    '/',
  );
  return { onSend, onSendTemplate };
}

describe('the composer’s `/` replies that send a file or a template', { timeout: 30_000 }, () => {
  beforeEach(() => logIn());
  afterEach(() => vi.unstubAllGlobals());

  it('shows a reply’s file and template in the picker', async () => {
    const user = userEvent.setup();
    serve([TABELA, PEDIDO]);
    renderComposer();
    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), '/');
    const list = await screen.findByRole('listbox', { name: 'Respostas rápidas' });
    const [file, model] = within(list).getAllByRole('option');
    expect(within(file!).getByRole('img', { name: 'Anexo' })).toBeInTheDocument();
    expect(file).toHaveTextContent('tabela.pdf');
    expect(file).toHaveTextContent('Segue a tabela, Maria.');
    expect(model).toHaveTextContent('Modelopedido_enviado_3');
    expect(model).toHaveTextContent('Olá Maria, seu pedido 20261123ABC saiu para entrega.');
  });

  it('puts a reply’s file in the tray with its text as the caption, removable, and sends it with the reply’s id', async () => {
    const user = userEvent.setup();
    serve([TABELA]);
    const { onSend } = renderComposer();
    const box = screen.getByRole('textbox', { name: 'Mensagem' });
    await user.type(box, '/tab');
    await screen.findByRole('listbox', { name: 'Respostas rápidas' });
    await user.keyboard('{Enter}');
    // The `/tab` is gone from the text; the file waits in the tray, as an attached one does.
    expect(box).toHaveValue('');
    const tray = screen.getByRole('list', { name: 'Arquivos para enviar' });
    const item = within(tray).getByTestId('pending-file');
    expect(item).toHaveTextContent('tabela.pdf');
    expect(item).toHaveTextContent('1,2 MB · da resposta rápida');
    expect(within(item).getByRole('textbox', { name: 'Legenda de tabela.pdf' })).toHaveValue('Segue a tabela, Maria.');

    // Removable before sending.
    await user.click(within(item).getByRole('button', { name: 'Remover tabela.pdf' }));
    expect(screen.queryByRole('list', { name: 'Arquivos para enviar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();

    await user.type(box, '/tab');
    await screen.findByRole('listbox', { name: 'Respostas rápidas' });
    await user.keyboard('{Enter}');
    const caption = await screen.findByRole('textbox', { name: 'Legenda de tabela.pdf' });
    await user.type(caption, ' Qualquer dúvida, chame.');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    const [body, extra] = onSend.mock.calls[0]!;
    expect(body).toBe('Segue a tabela, Maria. Qualquer dúvida, chame.');
    expect(extra).toMatchObject({ mediaId: 55, fileName: 'tabela.pdf', quickReplyIds: [1] });
    expect(extra?.preview).toMatchObject({ type: 'document', media: { status: 'pending', fileName: 'tabela.pdf' } });
    expect(screen.queryByRole('list', { name: 'Arquivos para enviar' })).not.toBeInTheDocument();
  });

  it('opens the template sending with the reply’s template chosen and its values filled, then sends it with the reply’s id', async () => {
    const user = userEvent.setup();
    serve([PEDIDO]);
    const { onSendTemplate } = renderComposer();
    const box = screen.getByRole('textbox', { name: 'Mensagem' });
    await user.type(box, 'Oi /ped');
    await screen.findByRole('listbox', { name: 'Respostas rápidas' });
    await user.keyboard('{Enter}');

    const picker = await screen.findByTestId('template-picker');
    expect(within(picker).getByRole('combobox', { name: 'Modelo' })).toHaveValue('pedido_enviado_3 (pt_BR)');
    expect(within(picker).getByRole('textbox', { name: 'Parâmetro {{1}}' })).toHaveValue('Maria');
    expect(within(picker).getByRole('textbox', { name: 'Parâmetro {{2}}' })).toHaveValue('20261123ABC');
    expect(within(picker).getByRole('group', { name: 'Prévia' })).toHaveTextContent(
      'Olá Maria, seu pedido 20261123ABC saiu para entrega.',
    );
    await user.click(within(picker).getByRole('button', { name: 'Enviar modelo' }));
    await waitFor(() =>
      expect(onSendTemplate).toHaveBeenCalledWith(
        { id: 3, parameters: ['Maria', '20261123ABC'] },
        'Olá Maria, seu pedido 20261123ABC saiu para entrega.',
        { quickReplyIds: [2] },
      ),
    );
    // Back to the text, the `/ped` taken out of it.
    expect(await screen.findByRole('textbox', { name: 'Mensagem' })).toHaveValue('Oi ');
  });

  it('asks for a value the ticket has none for before the template goes', async () => {
    const user = userEvent.setup();
    serve([SEM_NOME]);
    const { onSendTemplate } = renderComposer();
    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), '/ped');
    const option = await screen.findByRole('option', { name: /\/pedido-nome/ });
    expect(option).not.toHaveAttribute('aria-disabled');
    expect(option).toHaveTextContent('Sem valor neste atendimento: {{nome}} (preencha ao enviar)');
    await user.keyboard('{Enter}');
    const first = await screen.findByRole('textbox', { name: 'Parâmetro {{1}}' });
    expect(first).toHaveValue('{{nome}}');
    expect(first).toHaveAccessibleDescription('Sem valor neste atendimento: troque {{nome}} pelo valor.');
    expect(screen.getByRole('button', { name: 'Enviar modelo' })).toBeDisabled();
    await user.clear(first);
    await user.type(first, 'Cliente');
    await user.click(screen.getByRole('button', { name: 'Enviar modelo' }));
    await waitFor(() =>
      expect(onSendTemplate).toHaveBeenCalledWith(
        { id: 3, parameters: ['Cliente', '20261123ABC'] },
        expect.any(String),
        { quickReplyIds: [3] },
      ),
    );
  });

  it('says a template reply cannot go on a number without templates', async () => {
    const user = userEvent.setup();
    serve([PEDIDO]);
    renderRoutes([{ path: '/', element: <Composer ticketId={ticketId} instanceId={1} onSend={vi.fn()} /> }], '/');
    await user.type(screen.getByRole('textbox', { name: 'Mensagem' }), '/ped');
    await screen.findByRole('listbox', { name: 'Respostas rápidas' });
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não dá para usar /pedido aqui. Modelos aprovados só são enviados por números oficiais.',
    );
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toHaveValue('/ped');
  });

  it('with the window closed, offers the template replies in the template picker', async () => {
    const user = userEvent.setup();
    serve([PEDIDO]);
    const { onSendTemplate } = renderComposer(closed);
    await user.click(await screen.findByRole('combobox', { name: 'Resposta rápida' }));
    await user.click(await screen.findByRole('option', { name: '/pedido — pedido_enviado_3' }));
    expect(screen.getByRole('textbox', { name: 'Parâmetro {{1}}' })).toHaveValue('Maria');
    await user.click(screen.getByRole('button', { name: 'Enviar modelo' }));
    await waitFor(() =>
      expect(onSendTemplate).toHaveBeenCalledWith({ id: 3, parameters: ['Maria', '20261123ABC'] }, expect.any(String), {
        quickReplyIds: [2],
      }),
    );
  });
});

describe('sending what a quick reply carries', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts a reply’s file with its caption and a reply’s template, each naming the reply', async () => {
    logIn();
    const { callsTo } = stubFetch({ 'POST /api/tickets/5/messages': () => json(message(9), 201) });
    await sendMessage(5, {
      body: 'Segue a tabela.',
      clientId: 'c1',
      mediaId: 55,
      fileName: 'tabela.pdf',
      quickReplyIds: [1],
    });
    await sendMessage(5, {
      body: 'Olá Maria…',
      clientId: 'c2',
      template: { id: 3, parameters: ['Maria', '#1'] },
      quickReplyIds: [2],
    });
    const bodies = callsTo('POST /api/tickets/5/messages').map((call) => call.body);
    expect(bodies[0]).toEqual({
      body: 'Segue a tabela.',
      clientId: 'c1',
      mediaId: 55,
      fileName: 'tabela.pdf',
      quickReplyIds: [1],
    });
    expect(bodies[1]).toEqual({ clientId: 'c2', template: { id: 3, parameters: ['Maria', '#1'] }, quickReplyIds: [2] });
  });
});
