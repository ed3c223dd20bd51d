import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { filledReply } from '../../../testing/messages';
import { renderRoutes } from '../../../testing/render';
import type { FilledReply } from '../api/get-quick-replies';
import { sendMessage } from '../api/send-message';
import { message } from '../test-data';
import { Composer, type SendExtra } from './Composer';

const BOLETO = filledReply(1, 'boleto', 'Bom dia, Maria! Segue o boleto atualizado.');
const HORARIO = filledReply(2, 'horario', 'Atendemos de segunda a sexta, das 8h às 18h.', {
  scope: 'personal',
});
const TRANSFERENCIA = filledReply(3, 'transferencia', 'Vou passar você para o {{departamento}}.', {
  scope: 'department',
  department: { id: 4, name: 'Vendas' },
  missing: ['departamento'],
});
const REPLIES = [HORARIO, BOLETO, TRANSFERENCIA];

/** Each test writes on a ticket of its own (the composer keeps each ticket's draft for the page's life). */
let ticketId = 30;

function serve(replies: FilledReply[] = REPLIES) {
  ticketId += 1;
  return stubFetch({
    'GET /api/media/limits': () => json({ limits: [] }),
    [`GET /api/tickets/${ticketId}/quick-replies`]: () => json(replies),
  });
}

function renderComposer(onSend = vi.fn<(body: string, extra?: SendExtra) => void>()) {
  renderRoutes([{ path: '/', element: <Composer ticketId={ticketId} onSend={onSend} /> }], '/');
  return { onSend, box: screen.getByRole('textbox', { name: 'Mensagem' }) };
}

describe('the composer’s `/` quick replies', { timeout: 20_000 }, () => {
  beforeEach(() => logIn());
  afterEach(() => vi.unstubAllGlobals());

  it('"/bol" lists the boleto reply; Enter puts its filled text in place of "/bol", then sends it with its id', async () => {
    const user = userEvent.setup();
    const { callsTo } = serve();
    const { onSend, box } = renderComposer();
    expect(box).toHaveAttribute('aria-haspopup', 'listbox');
    expect(box).not.toHaveAttribute('aria-controls');

    await user.type(box, 'Oi! /bol');
    const list = await screen.findByRole('listbox', { name: 'Respostas rápidas' });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(1);
    const option = options[0]!;
    expect(option).toHaveTextContent('/boleto');
    expect(option).toHaveTextContent('Empresa');
    expect(option).toHaveTextContent('Bom dia, Maria! Segue o boleto atualizado.');
    expect(option).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(box).toHaveAttribute('aria-activedescendant', option.id);

    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('Oi! Bom dia, Maria! Segue o boleto atualizado.');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // The caret is after the reply: what is typed next follows it.
    await user.keyboard(' Até logo.');
    expect(box).toHaveValue('Oi! Bom dia, Maria! Segue o boleto atualizado. Até logo.');

    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('Oi! Bom dia, Maria! Segue o boleto atualizado. Até logo.', {
      quickReplyIds: [1],
    });
    expect(box).toHaveValue('');

    // Read once per ticket: a second `/` uses what was read.
    await user.type(box, '/');
    expect(await screen.findByRole('listbox', { name: 'Respostas rápidas' })).toBeInTheDocument();
    expect(callsTo(`GET /api/tickets/${ticketId}/quick-replies`)).toHaveLength(1);
  });

  it('matches without accents, moves with the arrows, inserts with Tab or a click; several replies go in one message', async () => {
    const user = userEvent.setup();
    serve();
    const { onSend, box } = renderComposer();
    await user.type(box, '/');
    const list = await screen.findByRole('listbox', { name: 'Respostas rápidas' });
    // Every reply, in the server's order (most used first).
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent?.split(/(?=Empresa|Pessoal|Dep)/)[0]),
    ).toEqual(['/horario', '/boleto', '/transferencia']);
    await user.keyboard('{ArrowDown}');
    expect(within(list).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(list).getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowDown}{Tab}');
    expect(box).toHaveValue(HORARIO.text);
    expect(box).toHaveFocus();

    await user.keyboard(' /boletó');
    await user.click(await screen.findByRole('option', { name: /\/boleto/ }));
    expect(box).toHaveValue(`${HORARIO.text} ${BOLETO.text}`);
    expect(box).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith(`${HORARIO.text} ${BOLETO.text}`, { quickReplyIds: [2, 1] });
  });

  it('does not count a reply whose text was changed before sending', async () => {
    const user = userEvent.setup();
    serve();
    const { onSend, box } = renderComposer();
    await user.type(box, '/hor');
    await screen.findByRole('listbox', { name: 'Respostas rápidas' });
    await user.keyboard('{Enter}');
    expect(box).toHaveValue(HORARIO.text);
    await user.keyboard('{Backspace}{Backspace}{Enter}');
    expect(onSend).toHaveBeenCalledWith(HORARIO.text.slice(0, -2));
  });

  it('refuses a reply with a variable this ticket has no value for, and says why', async () => {
    const user = userEvent.setup();
    serve();
    const { onSend, box } = renderComposer();
    await user.type(box, '/transf');
    const option = await screen.findByRole('option', { name: /\/transferencia/ });
    expect(option).toHaveAttribute('aria-disabled', 'true');
    expect(option).toHaveTextContent('Departamento: Vendas');
    expect(option).toHaveTextContent('Sem valor neste atendimento: {{departamento}}');

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não dá para inserir /transferencia aqui. Sem valor neste atendimento: {{departamento}}.',
    );
    expect(box).toHaveValue('/transf');
    await user.click(option);
    expect(box).toHaveValue('/transf');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('Esc closes it without sending; the `/` typed stays text', async () => {
    const user = userEvent.setup();
    serve();
    const { onSend, box } = renderComposer();
    await user.type(box, 'veja /bol');
    await screen.findByRole('listbox', { name: 'Respostas rápidas' });
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('quick-reply-picker')).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('veja /bol');
    // Typing on stays closed; Enter sends the text as it is.
    await user.keyboard('a');
    expect(screen.queryByTestId('quick-reply-picker')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('veja /bola');
  });

  it('says when nothing matches, with a link to the quick replies screen', async () => {
    const user = userEvent.setup();
    serve();
    const { onSend, box } = renderComposer();
    await user.type(box, '/xyz');
    expect(await screen.findByText('Nenhuma resposta rápida para “xyz”.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gerenciar respostas rápidas' })).toHaveAttribute('href', '/quick-replies');
    // Enter does not send while the picker is open.
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    // A slash inside a word or a link opens nothing.
    await user.clear(box);
    await user.type(box, 'https://exemplo.com/bol');
    await waitFor(() => expect(screen.queryByTestId('quick-reply-picker')).not.toBeInTheDocument());
  });
});

describe('sending a message written with quick replies', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names them as `quickReplyIds` (up to 10), and only on a text message', async () => {
    logIn();
    const { callsTo } = stubFetch({ 'POST /api/tickets/5/messages': () => json(message(9), 201) });
    await sendMessage(5, { body: 'Olá', clientId: 'c1', quickReplyIds: [3, 4] });
    await sendMessage(5, { body: 'Olá', clientId: 'c2', quickReplyIds: [] });
    await sendMessage(5, { body: 'Olá', clientId: 'c3', quickReplyIds: Array.from({ length: 12 }, (_, i) => i + 1) });
    const bodies = callsTo('POST /api/tickets/5/messages').map((call) => call.body);
    expect(bodies[0]).toEqual({ body: 'Olá', clientId: 'c1', quickReplyIds: [3, 4] });
    expect(bodies[1]).toEqual({ body: 'Olá', clientId: 'c2' });
    expect((bodies[2] as { quickReplyIds: number[] }).quickReplyIds).toHaveLength(10);
  });
});
