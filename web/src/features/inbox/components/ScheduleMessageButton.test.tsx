import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import { ticket } from '../test-data';
import { CustomerPanel } from './CustomerPanel';

/** Wednesday 9 December 2026, 12:00 in São Paulo. */
const NOW = new Date('2026-12-09T15:00:00Z');

function customer() {
  return {
    id: 101,
    name: 'Maria Souza',
    phone: '+5511988887777',
    email: null,
    blacklisted: false,
    createdAt: '2026-11-01T12:00:00Z',
    groups: [],
    tickets: [ticket(1, { instance: { id: 3, name: 'WhatsApp Loja' } }), ticket(2)],
    messagesWithoutTicket: [],
  };
}

describe('"Agendar mensagem" in the customer panel', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    logIn();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens the dialog for this customer by the open ticket’s number and schedules', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      'GET /api/customers/101': () => json(customer()),
      'POST /api/scheduled-messages': (call) => {
        const body = call.body as { body: string; sendAt: string; cancelIfCustomerWrites: boolean };
        return json(
          {
            id: 9,
            customer: { id: 101, name: 'Maria Souza', phone: '+5511988887777' },
            instance: { id: 3, name: 'WhatsApp Loja' },
            author: { id: 1, name: 'Ana' },
            ...body,
            status: 'scheduled',
            ticketId: null,
            messageId: null,
            error: null,
            cancelReason: null,
            createdAt: '2026-12-09T15:00:00Z',
            updatedAt: '2026-12-09T15:00:00Z',
            editable: true,
          },
          201,
        );
      },
    });
    renderRoutes(
      [{ path: '/', element: <CustomerPanel customerId={101} ticketId={1} ticketHref={(id) => `/?ticket=${id}`} /> }],
      '/',
    );
    await user.click(await screen.findByRole('button', { name: 'Agendar mensagem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agendar mensagem' });
    expect(dialog).toHaveTextContent('Para Maria Souza · +55 11 98888-7777');
    expect(dialog).toHaveTextContent('Pelo número WhatsApp Loja');
    expect(within(dialog).getByRole('textbox', { name: /^Data/ })).toHaveValue('10/12/2026');
    expect(within(dialog).getByRole('textbox', { name: /^Hora/ })).toHaveValue('09:00');
    expect(within(dialog).getByRole('checkbox', { name: /Cancelar se o cliente escrever antes/ })).toBeChecked();

    await user.type(within(dialog).getByRole('textbox', { name: /^Mensagem/ }), 'Bom dia! Passando para lembrar.');
    await user.click(within(dialog).getByRole('button', { name: 'Agendar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST /api/scheduled-messages')[0]?.body).toEqual({
      customerId: 101,
      instanceId: 3,
      body: 'Bom dia! Passando para lembrar.',
      sendAt: '2026-12-10T09:00:00-03:00',
      cancelIfCustomerWrites: true,
    });
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Mensagem agendada para qui., 10/12 às 09:00',
        message: 'Maria Souza recebe a mensagem pelo número WhatsApp Loja.',
      }),
    );
    // The ticket is neither read again nor needed: the number came with the customer's tickets.
    expect(callsTo('GET /api/tickets/1')).toHaveLength(0);
  });
});
