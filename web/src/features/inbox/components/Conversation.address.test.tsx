import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import type { Ticket } from '../api/schemas';
import { alice, message, ticket } from '../test-data';
import { Conversation } from './Conversation';

function serve(current: Ticket) {
  return stubFetch({
    'GET /api/tickets/1': () => json(current),
    'GET /api/tickets/1/messages': () => json({ data: [message(5, { body: 'Oi?' })], next_cursor: null }),
    'GET /api/media/limits': () => json({ limits: [] }),
    'GET /api/templates': () => json([]),
  });
}

function open() {
  return renderWithProviders(
    <Conversation viewer={alice} ticketId={1} onBack={vi.fn()} onShowCustomer={vi.fn()} onTaken={vi.fn()} />,
  );
}

describe("the conversation header's address", () => {
  beforeEach(() => logIn());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the phone formatted', async () => {
    serve(ticket(1));
    open();
    expect(await screen.findByRole('heading', { name: 'Cliente 1' })).toBeInTheDocument();
    expect(screen.getByText(/^\+55 11 98888-7777 · WhatsApp Loja · Protocolo 20261123P1/)).toBeInTheDocument();
  });

  it('reads a hidden number as "Número oculto" with its id', async () => {
    serve(ticket(1, { customer: { id: 101, name: '', phone: 'BR.1502576394655843', blacklisted: false } }));
    open();
    expect(await screen.findByRole('heading', { name: 'Número oculto' })).toBeInTheDocument();
    expect(
      screen.getByText(/^Número oculto · ID: BR\.1502576394655843 · WhatsApp Loja · Protocolo 20261123P1/),
    ).toBeInTheDocument();
  });
});
