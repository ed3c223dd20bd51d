import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { alice, message, ticket } from '../test-data';
import { Conversation } from './Conversation';

const mine = ticket(1, { status: 'open', assignedUser: { id: 7, name: 'Alice' }, unread: 0 });
const question = message(5, { body: 'Onde fica a loja?' });

/** In a router: a contact card links to the customers screen. */
function open() {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <Conversation viewer={alice} ticketId={1} onBack={vi.fn()} onShowCustomer={vi.fn()} onTaken={vi.fn()} />
        ),
      },
    ],
    '/',
  );
}

/** A response the test lets go when it wants (the message shows as being sent until then). */
function deferred() {
  let answer: (response: Response) => void = () => {};
  const response = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  return { response, answer };
}

describe('places and contact cards in the open conversation', () => {
  beforeEach(() => logIn());
  afterEach(() => vi.unstubAllGlobals());

  it('a location shows at once as its card and is posted as {clientId, location}, with no text', async () => {
    const server = deferred();
    const location = { latitude: -23.5614, longitude: -46.6559, name: 'Loja Paulista', address: null };
    const { callsTo } = stubFetch({
      'GET /api/tickets/1': () => json(mine),
      'GET /api/tickets/1/messages': () => json({ data: [question], next_cursor: null }),
      'GET /api/media/limits': () => json({ limits: [] }),
      'POST /api/tickets/1/messages': () => server.response,
    });
    const user = userEvent.setup();
    open();
    await screen.findByText('Onde fica a loja?');
    await user.click(screen.getByRole('button', { name: 'Enviar localização' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar localização' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Coordenadas ou link do mapa' }));
    await user.paste('https://www.google.com/maps/@-23.5614,-46.6559,17z');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome do local (opcional)' }), 'Loja Paulista');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    // Before the server answers, the card is there.
    expect(await screen.findByTestId('location-card')).toHaveTextContent('Loja Paulista');
    await waitFor(() => expect(callsTo('POST /api/tickets/1/messages')).toHaveLength(1));
    const sent = callsTo('POST /api/tickets/1/messages')[0]?.body as Record<string, unknown>;
    expect(sent).toEqual({
      clientId: expect.any(String) as string,
      location: { latitude: -23.5614, longitude: -46.6559, name: 'Loja Paulista' },
    });

    server.answer(
      json(
        message(9, {
          direction: 'out',
          type: 'location',
          body: '',
          ack: 'queued',
          clientId: sent.clientId as string,
          location,
        }),
        201,
      ),
    );
    await waitFor(() => expect(screen.getAllByTestId('location-card')).toHaveLength(1));
    expect(screen.getByTestId('location-card')).toHaveTextContent('Loja Paulista');
  });

  it('a contact card the server refuses says why on the message; "Tentar de novo" sends the same card', async () => {
    const { callsTo } = stubFetch({
      'GET /api/tickets/1': () => json(mine),
      'GET /api/tickets/1/messages': () => json({ data: [question], next_cursor: null }),
      'GET /api/media/limits': () => json({ limits: [] }),
      'POST /api/tickets/1/messages': () =>
        json(
          {
            code: 'invalid_contacts',
            message: 'Telefone inválido em Ana: de 8 a 15 dígitos.',
            errors: [{ field: 'contacts[0].phones', message: 'Telefone inválido em Ana: de 8 a 15 dígitos.' }],
          },
          422,
        ),
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Responder' }));
    await user.click(screen.getByRole('button', { name: 'Enviar contato' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar contato' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Ana');
    await user.type(within(dialog).getByRole('textbox', { name: 'Telefone com DDI e DDD' }), '+55 11 3000-1000');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByTestId('contact-card')).toHaveTextContent('Ana');
    expect(screen.getByTestId('contact-card')).toHaveTextContent('+55 11 3000-1000');
    expect(await screen.findByText('Telefone inválido em Ana: de 8 a 15 dígitos.')).toBeInTheDocument();
    // The reply is taken: the card quoted the message.
    expect(screen.queryByRole('button', { name: 'Cancelar resposta' })).not.toBeInTheDocument();
    const [first] = callsTo('POST /api/tickets/1/messages');
    expect(first?.body).toEqual({
      clientId: expect.any(String) as string,
      contacts: [{ name: 'Ana', phones: ['+551130001000'] }],
      quotedMessageId: 5,
    });

    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(callsTo('POST /api/tickets/1/messages')).toHaveLength(2));
    expect(callsTo('POST /api/tickets/1/messages')[1]?.body).toEqual(first?.body);
  });
});
