import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/render';
import { ticket } from '../test-data';
import { WINDOW_EXPLANATION } from '../window';
import { TicketItem } from './TicketItem';

const NOW = new Date('2026-11-23T12:00:00Z');

function item(windowClosesAt: string | null, status = 'open') {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <TicketItem
            ticket={ticket(1, { windowClosesAt, status })}
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
