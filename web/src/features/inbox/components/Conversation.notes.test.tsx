import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch, type RecordedCall } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { MentionTarget, Ticket } from '../api/schemas';
import { NOTE_PLACEHOLDER } from '../composer/NoteComposer';
import { alice, message, ticket } from '../test-data';
import { Conversation } from './Conversation';

const CARLOS: MentionTarget = { id: 8, name: 'Carlos Souza', departmentId: 2, canSee: false, online: true };
const BIA: MentionTarget = { id: 9, name: 'Beatriz Lima', departmentId: null, canSee: true, online: false };

/** Each test opens a ticket of its own (the composer keeps each ticket's mode and draft for the page's life). */
let ticketId = 500;

/** The server's note: the body and clientId it was sent, written by Alice. */
function noteAnswer(call: RecordedCall, sharedWith: MentionTarget[] = []) {
  const body = call.body as { body: string; clientId: string };
  return json(
    {
      message: message(90, {
        ticketId,
        direction: 'out',
        kind: 'internal',
        ack: 'read',
        body: body.body,
        clientId: body.clientId,
        user: { id: 7, name: 'Alice' },
      }),
      mentioned: [],
      sharedWith: sharedWith.map(({ id, name }) => ({ id, name })),
    },
    201,
  );
}

function serve(current: Partial<Ticket>, extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [`GET /api/tickets/${ticketId}`]: () => json(ticket(ticketId, { unread: 0, ...current })),
    [`GET /api/tickets/${ticketId}/messages`]: () =>
      json({ data: [message(5, { ticketId, body: 'Qual o prazo?' })], next_cursor: null }),
    'GET /api/media/limits': () => json({ limits: [] }),
    [`GET /api/tickets/${ticketId}/mention-targets`]: () => json([BIA, CARLOS]),
    [`POST /api/tickets/${ticketId}/notes`]: (call) => noteAnswer(call),
    ...extra,
  });
}

function open() {
  return renderWithProviders(
    <Conversation viewer={alice} ticketId={ticketId} onBack={vi.fn()} onShowCustomer={vi.fn()} onTaken={vi.fn()} />,
  );
}

async function noteMode(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'Anotação interna' }));
  return screen.getByRole('textbox', { name: 'Anotação interna' });
}

describe('internal notes in the conversation', () => {
  beforeEach(() => {
    ticketId += 1;
    logIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('"Anotação interna" posts the note to /notes, never to /messages, and shows it as internal', async () => {
    const { callsTo } = serve({ status: 'open', assignedUser: { id: 7, name: 'Alice' } });
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('radio', { name: 'Responder' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Mensagem' })).toBeInTheDocument();

    const box = await noteMode(user);
    expect(screen.getByRole('radio', { name: 'Anotação interna' })).toBeChecked();
    expect(box).toHaveAttribute('placeholder', NOTE_PLACEHOLDER);
    expect(screen.getByTestId('note-composer').closest('[data-mode]')).toHaveAttribute('data-mode', 'note');
    // Text and one file of its own: none of the reply's tools (files, voice, places, cards, templates), no reply box.
    expect(screen.queryByRole('textbox', { name: 'Mensagem' })).not.toBeInTheDocument();
    for (const tool of ['Anexar arquivos', 'Enviar localização', 'Enviar contato', 'Modelo']) {
      expect(screen.queryByRole('button', { name: tool })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Anexar arquivo' })).toBeInTheDocument();

    await user.type(box, 'Cliente já pagou o boleto.{Enter}');
    await waitFor(() => expect(callsTo(`POST /api/tickets/${ticketId}/notes`)).toHaveLength(1));
    const body = callsTo(`POST /api/tickets/${ticketId}/notes`)[0]?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['body', 'clientId']);
    expect(body.body).toBe('Cliente já pagou o boleto.');
    expect(body.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(callsTo(`POST /api/tickets/${ticketId}/messages`)).toHaveLength(0);
    expect(box).toHaveValue('');

    const log = screen.getByRole('log', { name: 'Mensagens' });
    const bubble = (await within(log).findByText('Cliente já pagou o boleto.')).closest('[data-testid="message"]');
    expect(bubble).toHaveAttribute('data-kind', 'internal');
    await waitFor(() => expect(bubble).toHaveAttribute('data-message-id', '90'));
    expect(within(bubble as HTMLElement).getByTestId('internal-author')).toHaveTextContent('Anotação interna · Alice');
  });

  it('a ticket someone else owns keeps the reply rules but takes notes', async () => {
    const { callsTo } = serve({ status: 'open', assignedUser: { id: 8, name: 'Carlos Souza' } });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('Em atendimento por Carlos Souza.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Mensagem' })).not.toBeInTheDocument();
    // Not the owner: no "Responder" on the messages either.
    expect(screen.queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();

    const box = await noteMode(user);
    await user.type(box, 'Vou ligar para ele amanhã.');
    await user.click(screen.getByRole('button', { name: 'Enviar anotação' }));
    await waitFor(() => expect(callsTo(`POST /api/tickets/${ticketId}/notes`)).toHaveLength(1));
    expect(callsTo(`POST /api/tickets/${ticketId}/notes`)[0]?.body).toMatchObject({
      body: 'Vou ligar para ele amanhã.',
    });

    // Back to "Responder": the reason, as before.
    await user.click(screen.getByRole('radio', { name: 'Responder' }));
    expect(screen.getByText('Em atendimento por Carlos Souza.')).toBeInTheDocument();
  });

  it('a closed ticket takes notes too', async () => {
    serve({ status: 'closed', assignedUser: { id: 7, name: 'Alice' }, closedAt: '2026-11-23T13:00:00Z' });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText(/^Atendimento encerrado/)).toBeInTheDocument();
    expect(await noteMode(user)).toBeEnabled();
  });

  it('mentioning someone who does not see the ticket asks to share it, then sends shareWithMentioned', async () => {
    const { callsTo } = serve(
      { status: 'pending' },
      { [`POST /api/tickets/${ticketId}/notes`]: (call) => noteAnswer(call, [CARLOS]) },
    );
    const user = userEvent.setup();
    open();
    const box = await noteMode(user);
    await user.type(box, 'Oi @car');
    const option = await screen.findByRole('option', { name: /Carlos Souza/ });
    expect(option).toHaveTextContent('não vê este atendimento');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Oi @Carlos Souza ');
    await user.type(box, 'pode ver o pedido?{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Compartilhar o atendimento?' });
    expect(dialog).toHaveTextContent(
      'Carlos Souza não vê este atendimento. Ao mencioná-lo, ele recebe um convite para participar.',
    );
    expect(callsTo(`POST /api/tickets/${ticketId}/notes`)).toHaveLength(0);

    // "Cancelar" sends nothing and keeps the note.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(box).toHaveValue('Oi @Carlos Souza pode ver o pedido?');
    expect(callsTo(`POST /api/tickets/${ticketId}/notes`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Enviar anotação' }));
    const again = await screen.findByRole('dialog', { name: 'Compartilhar o atendimento?' });
    await user.click(within(again).getByRole('button', { name: 'Compartilhar e enviar' }));
    await waitFor(() => expect(callsTo(`POST /api/tickets/${ticketId}/notes`)).toHaveLength(1));
    expect(callsTo(`POST /api/tickets/${ticketId}/notes`)[0]?.body).toMatchObject({
      body: 'Oi @Carlos Souza pode ver o pedido?',
      mentionedUserIds: [8],
      shareWithMentioned: true,
    });
    // The people were read once, when the picker first opened.
    expect(callsTo(`GET /api/tickets/${ticketId}/mention-targets`)).toHaveLength(1);
    // The mention is marked in the note.
    const log = screen.getByRole('log', { name: 'Mensagens' });
    expect(await within(log).findByText('@Carlos Souza', { selector: 'strong' })).toBeInTheDocument();
  });

  it('a note the server refuses comes back into the box with the server’s reason', async () => {
    serve(
      { status: 'open', assignedUser: { id: 7, name: 'Alice' } },
      {
        [`POST /api/tickets/${ticketId}/notes`]: () =>
          json(
            {
              code: 'mention_cannot_see',
              message: 'Beatriz Lima não vê este atendimento: compartilhe-o para mencionar.',
              errors: [{ field: 'mentionedUserIds', message: 'Beatriz Lima não vê este atendimento.' }],
            },
            422,
          ),
      },
    );
    const user = userEvent.setup();
    open();
    const box = await noteMode(user);
    await user.type(box, '@bea');
    await user.click(await screen.findByRole('option', { name: /Beatriz Lima/ }));
    await user.type(box, 'veja isto{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Beatriz Lima não vê este atendimento: compartilhe-o para mencionar.',
    );
    expect(box).toHaveValue('@Beatriz Lima veja isto');
    // Nothing is left behind in the conversation.
    const log = screen.getByRole('log', { name: 'Mensagens' });
    expect(within(log).queryByText(/veja isto/)).not.toBeInTheDocument();
  });
});
