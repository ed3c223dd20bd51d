import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import type { Ticket } from '../api/schemas';
import { ticket } from '../test-data';
import { WINDOW_EXPLANATION } from '../window';
import { TicketItem } from './TicketItem';

const NOW = new Date('2026-11-23T12:00:00Z');

// The row's tags button reads the tenant's tags.
beforeEach(() => {
  logIn();
  stubFetch({ 'GET /api/tags': () => json([]) });
});

function item(windowClosesAt: string | null, status = 'open', extra: Partial<Ticket> = {}) {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <TicketItem
            ticket={ticket(1, { windowClosesAt, status, ...extra })}
            href="/?ticket=1"
            selected={false}
            now={NOW}
            viewerId={7}
            onKeyDown={vi.fn()}
          />
        ),
      },
    ],
    '/',
  );
}

describe('a ticket of the queue and the 24-hour window', () => {
  it('says "Janela fechada" once the window has closed', () => {
    item('2026-11-23T11:59:00Z');
    expect(screen.getByText('Janela fechada').closest('[title]')).toHaveAttribute('title', WINDOW_EXPLANATION);
  });

  it('says nothing while it is open, nor for a number without the window', () => {
    const { unmount } = item('2026-11-23T12:01:00Z');
    expect(screen.queryByText('Janela fechada')).not.toBeInTheDocument();
    unmount();
    item(null);
    expect(screen.queryByText('Janela fechada')).not.toBeInTheDocument();
  });

  it('says nothing on a closed ticket: there is nothing to answer there', () => {
    item('2026-11-23T11:59:00Z', 'closed');
    expect(screen.queryByText('Janela fechada')).not.toBeInTheDocument();
  });
});

describe('a ticket of the queue whose customer WhatsApp hides the number', () => {
  it('names a nameless customer "Número oculto", with the id that tells them apart', () => {
    item(null, 'pending', { customer: { id: 101, name: '', phone: 'BR.1502576394655843', blacklisted: false } });
    expect(screen.getByText('Número oculto')).toBeInTheDocument();
    expect(screen.getByText('ID: BR.1502576394655843')).toBeInTheDocument();
  });

  it('keeps the name when there is one (no id shown)', () => {
    item(null, 'pending', { customer: { id: 101, name: 'Dora', phone: '120363025246125486@lid', blacklisted: false } });
    expect(screen.getByText('Dora')).toBeInTheDocument();
    expect(screen.queryByText(/^ID:/)).not.toBeInTheDocument();
  });
});
