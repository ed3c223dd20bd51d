import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nthXhr, stubXhr } from '../../../testing/fake-xhr';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { alice, message, ticket } from '../test-data';
import { Conversation } from './Conversation';

const mine = ticket(1, { status: 'open', assignedUser: { id: 7, name: 'Alice' }, unread: 0 });
const question = message(5, { body: 'Qual o prazo?' });

function open() {
  return renderWithProviders(
    <Conversation viewer={alice} ticketId={1} onBack={vi.fn()} onShowCustomer={vi.fn()} onTaken={vi.fn()} />,
  );
}

describe('media in the open conversation', () => {
  beforeEach(() => logIn());
  afterEach(() => vi.unstubAllGlobals());

  it('"Responder" quotes the message in the composer; the reply is sent with quotedMessageId', async () => {
    const { callsTo } = stubFetch({
      'GET /api/tickets/1': () => json(mine),
      'GET /api/tickets/1/messages': () => json({ data: [question], next_cursor: null }),
      'GET /api/media/limits': () => json({ limits: [] }),
      'POST /api/tickets/1/messages': () =>
        json(
          message(6, {
            direction: 'out',
            body: 'Amanhã.',
            quoted: { id: 5, type: 'text', body: 'Qual o prazo?', direction: 'in', fileName: null },
          }),
          201,
        ),
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Responder' }));
    const box = screen.getByRole('textbox', { name: 'Mensagem' });
    await waitFor(() => expect(box).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Cancelar resposta' })).toBeInTheDocument();
    await user.type(box, 'Amanhã.{Enter}');
    await waitFor(() => expect(callsTo('POST /api/tickets/1/messages')).toHaveLength(1));
    expect(callsTo('POST /api/tickets/1/messages')[0]?.body).toMatchObject({ body: 'Amanhã.', quotedMessageId: 5 });
    expect(screen.queryByRole('button', { name: 'Cancelar resposta' })).not.toBeInTheDocument();
    // The reply shows what it answers.
    await waitFor(() => expect(screen.getAllByTestId('quoted')[0]).toHaveTextContent('Qual o prazo?'));
  });

  it('"Reagir" shows the reaction at once and sends it', async () => {
    const { callsTo } = stubFetch({
      'GET /api/tickets/1': () => json(mine),
      'GET /api/tickets/1/messages': () => json({ data: [question], next_cursor: null }),
      'GET /api/media/limits': () => json({ limits: [] }),
      'PUT /api/tickets/1/messages/5/reaction': () =>
        json(
          message(5, {
            body: 'Qual o prazo?',
            reactions: [{ emoji: '🙏', from: 'agent', user: { id: 7, name: 'Alice' } }],
          }),
        ),
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Reagir' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reagir com 🙏' }));
    expect(await screen.findByRole('listitem', { name: '🙏 de você' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo('PUT /api/tickets/1/messages/5/reaction')[0]?.body).toEqual({ emoji: '🙏' }));
  });

  it('files dropped on the conversation join the composer’s tray', async () => {
    stubFetch({
      'GET /api/tickets/1': () => json(mine),
      'GET /api/tickets/1/messages': () => json({ data: [question], next_cursor: null }),
      'GET /api/media/limits': () => json({ limits: [] }),
    });
    open();
    const area = await screen.findByTestId('conversation-drop');
    await screen.findByRole('textbox', { name: 'Mensagem' });
    const file = new File(['%PDF'], 'contrato.pdf', { type: 'application/pdf' });
    const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
    fireEvent.dragEnter(area, { dataTransfer });
    expect(screen.getByText('Solte os arquivos para anexar')).toBeInTheDocument();
    const drop = createEvent.drop(area, { dataTransfer });
    fireEvent(area, drop);
    expect(await screen.findByTestId('pending-file')).toHaveTextContent('contrato.pdf');
    expect(screen.queryByText('Solte os arquivos para anexar')).not.toBeInTheDocument();
  });

  it('someone who may not write gets neither actions nor a drop', async () => {
    stubFetch({
      'GET /api/tickets/1': () => json(ticket(1, { status: 'pending', unread: 0 })),
      'GET /api/tickets/1/messages': () => json({ data: [question], next_cursor: null }),
    });
    open();
    await screen.findByText('Qual o prazo?');
    expect(screen.queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reagir' })).not.toBeInTheDocument();
    fireEvent.dragEnter(screen.getByTestId('conversation-drop'), { dataTransfer: { types: ['Files'], files: [] } });
    expect(screen.queryByText('Solte os arquivos para anexar')).not.toBeInTheDocument();
  });

  it('a file’s message whose request failed is sent again with its file', async () => {
    stubXhr();
    const { callsTo } = stubFetch({
      'GET /api/tickets/1': () => json(mine),
      'GET /api/tickets/1/messages': () => json({ data: [question], next_cursor: null }),
      'GET /api/media/limits': () => json({ limits: [] }),
      'POST /api/tickets/1/messages': [
        () => json({ code: 'server_error', message: 'Erro no servidor.' }, 500),
        () => json(message(8, { direction: 'out', type: 'document', body: 'Contrato', ack: 'queued' }), 201),
      ],
    });
    const user = userEvent.setup();
    open();
    await screen.findByText('Qual o prazo?');
    await user.upload(
      screen.getByTestId('file-picker'),
      new File(['%PDF'], 'contrato.pdf', { type: 'application/pdf' }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Legenda de contrato.pdf' }), 'Contrato');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    (await nthXhr(1)).respond(201, {
      id: 31,
      type: 'document',
      mimeType: 'application/pdf',
      fileName: 'contrato.pdf',
      size: 4,
    });
    await user.click(await screen.findByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(callsTo('POST /api/tickets/1/messages')).toHaveLength(2));
    const [first, second] = callsTo('POST /api/tickets/1/messages');
    expect(second?.body).toEqual(first?.body);
    expect(second?.body).toMatchObject({ body: 'Contrato', mediaId: 31, fileName: 'contrato.pdf' });
  });
});
