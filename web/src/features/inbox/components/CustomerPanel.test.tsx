import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { message, ticket } from '../test-data';
import { CustomerPanel, type CustomerSectionsProps } from './CustomerPanel';

function customer(extra: Record<string, unknown> = {}) {
  return {
    id: 101,
    name: 'Maria Souza',
    phone: '+5511988887777',
    email: null,
    blacklisted: false,
    createdAt: '2026-11-01T12:00:00Z',
    groups: [],
    tickets: [ticket(1)],
    messagesWithoutTicket: [],
    ...extra,
  };
}

function renderPanel() {
  return renderRoutes(
    [{ path: '/', element: <CustomerPanel customerId={101} ticketId={1} ticketHref={(id) => `/?ticket=${id}`} /> }],
    '/',
  );
}

describe('CustomerPanel', () => {
  it('lists the messages that opened no ticket, newest first, under "Mensagens sem atendimento"', async () => {
    logIn();
    stubFetch({
      'GET /api/customers/101': () =>
        json(
          customer({
            blacklisted: true,
            messagesWithoutTicket: [
              message(31, { ticketId: null, body: 'Alguém pode me responder?', sentAt: '2026-11-23T15:10:00Z' }),
              message(30, { ticketId: null, body: 'Oi, tudo bem?', sentAt: '2026-11-23T15:00:00Z' }),
            ],
          }),
        ),
    });
    renderPanel();
    const section = await screen.findByTestId('messages-without-ticket');
    expect(within(section).getByRole('heading', { name: 'Mensagens sem atendimento' })).toBeInTheDocument();
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['Alguém pode me responder?', 'Oi, tudo bem?']);
    expect(within(section).getByText('23/11/2026, 12:10')).toBeInTheDocument();
  });

  it('has no such section when there are none (or an older server sends no field)', async () => {
    logIn();
    const { messagesWithoutTicket: _omitted, ...older } = customer();
    stubFetch({ 'GET /api/customers/101': [() => json(customer()), () => json(older)] });
    const { unmount } = renderPanel();
    expect(await screen.findByRole('heading', { name: 'Maria Souza' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Atendimentos' })).toBeInTheDocument();
    expect(screen.queryByTestId('messages-without-ticket')).not.toBeInTheDocument();
    unmount();
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Maria Souza' })).toBeInTheDocument();
    expect(screen.queryByTestId('messages-without-ticket')).not.toBeInTheDocument();
  });

  it('lists how WhatsApp knows the customer, read-only, with their labels', async () => {
    logIn(['customers']);
    stubFetch({
      'GET /api/customers/101': () =>
        json(
          customer({
            identities: [
              { kind: 'phone', value: '+5511988887777', createdAt: '2026-11-01T12:00:00Z' },
              { kind: 'bsuid', value: 'BR.1502576394655843', createdAt: '2026-11-02T12:00:00Z' },
              { kind: 'lid', value: '120363025246125486@lid', createdAt: '2026-11-03T12:00:00Z' },
            ],
          }),
        ),
    });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Identidades' })).toBeInTheDocument();
    expect(screen.getAllByTestId('customer-identity').map((item) => item.textContent)).toEqual([
      'Telefone+55 11 98888-7777',
      'Usuário do WhatsApp (BSUID)BR.1502576394655843',
      'ID vinculado (LID)120363025246125486@lid',
    ]);
    // Merging is the customers screen's: nothing here changes the identities.
    expect(screen.queryByRole('button', { name: /Unir/ })).not.toBeInTheDocument();
  });

  it('shows a number WhatsApp hides as "Número oculto" with the id, never as a phone', async () => {
    logIn();
    stubFetch({
      'GET /api/customers/101': () =>
        json(
          customer({
            name: '',
            phone: 'BR.1502576394655843',
            identities: [{ kind: 'bsuid', value: 'BR.1502576394655843', createdAt: '2026-11-02T12:00:00Z' }],
          }),
        ),
    });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Número oculto' })).toBeInTheDocument();
    const panel = screen.getByTestId('customer-panel');
    expect(within(panel).getByText('ID: BR.1502576394655843')).toBeInTheDocument();
  });

  it('shows the sections the app adds (the orders) after the tags, told the ticket and whether the viewer may write', async () => {
    logIn();
    stubFetch({ 'GET /api/customers/101': () => json(customer()) });
    const told: CustomerSectionsProps[] = [];
    function Sections(props: CustomerSectionsProps) {
      told.push(props);
      return <section aria-label="Seção do app">Pedidos aqui</section>;
    }
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <CustomerPanel
              customerId={101}
              ticketId={1}
              ticketHref={(id) => `/?ticket=${id}`}
              headingOrder={3}
              sections={Sections}
              writable
            />
          ),
        },
      ],
      '/',
    );
    expect(await screen.findByRole('region', { name: 'Seção do app' })).toHaveTextContent('Pedidos aqui');
    expect(told.at(-1)).toEqual({ customerId: 101, ticketId: 1, writable: true, headingOrder: 4 });
  });
});
