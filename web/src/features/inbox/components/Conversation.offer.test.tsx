import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { messageTemplate } from '../../../testing/messages';
import { renderWithProviders } from '../../../testing/render';
import type { Ticket, Transfer } from '../api/schemas';
import { alice, message, ticket, transfer } from '../test-data';
import type { InboxViewer } from '../viewer';
import { Conversation } from './Conversation';
import { TransferBanner } from './TransferBanner';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const NOTE = 'Distribuição automática: aceite em até 60 s';

/** The distribution's offer to Alice, made `ago` ms before NOW (server/src/domain/distribution/offers.rs). */
function offer(ago = 18_000, extra: Partial<Transfer> = {}): Transfer {
  return transfer(5, {
    fromUser: null,
    toUser: { id: 7, name: 'Alice' },
    note: NOTE,
    createdAt: new Date(NOW - ago).toISOString(),
    ...extra,
  });
}

/** While the offer waits, the ticket is hers, `transferring`. */
const offered: Ticket = ticket(1, { status: 'transferring', assignedUser: { id: 7, name: 'Alice' }, unread: 0 });

function serve(extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/tickets/1': () => json(offered),
    'GET /api/tickets/1/transfers': () => json([offer()]),
    'GET /api/tickets/1/messages': () =>
      json({
        data: [message(5, { kind: 'note', direction: 'out', body: `Oferecido a Alice (rodízio) — ${NOTE}` })],
        next_cursor: null,
      }),
    'GET /api/media/limits': () => json({ limits: [] }),
    'GET /api/templates': () => json([messageTemplate(3)]),
    ...extra,
  });
}

/** Lets `ms` of (fake) time pass a second at a time, React rendering between seconds. */
async function pass(ms: number) {
  for (let left = ms; left > 0; left -= 1_000) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(left, 1_000)));
  }
}

function open(onTaken = vi.fn()) {
  renderWithProviders(
    <Conversation viewer={alice} ticketId={1} onBack={vi.fn()} onShowCustomer={vi.fn()} onTaken={onTaken} />,
  );
  return onTaken;
}

function banner(viewer: InboxViewer, shown: Transfer, onResolve = vi.fn()) {
  renderWithProviders(<TransferBanner transfer={shown} viewer={viewer} onResolve={onResolve} resolving={null} />);
  return screen.getByTestId('transfer-banner');
}

const manager: InboxViewer = { id: 1, name: 'Lia', manager: true, departmentId: null };

describe('the distribution’s offer in the conversation', () => {
  beforeEach(() => {
    logIn();
    vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is titled "Oferta da distribuição" with a live countdown, and "Aceitar oferta" makes it hers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    const { callsTo } = serve({
      'POST /api/transfers/5/accept': () => json({ ...offered, status: 'open' }),
    });
    const onTaken = open();
    const card = await screen.findByTestId('transfer-banner');
    expect(card).toHaveAttribute('data-offer', 'true');
    expect(within(card).getByText('Oferta da distribuição')).toBeInTheDocument();
    expect(within(card).queryByText(/quer transferir/)).not.toBeInTheDocument();
    expect(within(card).getByText(/A distribuição automática escolheu você/)).toBeInTheDocument();
    // The note only said how long: the countdown says it.
    expect(within(card).queryByText(/“/)).not.toBeInTheDocument();
    const countdown = within(card).getByRole('timer');
    expect(countdown).toHaveTextContent('aceite em 0:42');

    await pass(1_000);
    expect(countdown).toHaveTextContent('aceite em 0:41');
    await pass(30_000);
    expect(countdown).toHaveTextContent('aceite em 0:11');
    expect(within(card).queryByRole('button', { name: /Cancelar/ })).not.toBeInTheDocument();

    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(within(card).getByRole('button', { name: 'Aceitar oferta' }));
    await waitFor(() => expect(callsTo('POST /api/transfers/5/accept')).toHaveLength(1));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith({
        color: 'teal',
        title: 'Oferta aceita',
        message: 'Agora Cliente 1 é seu.',
      }),
    );
    expect(onTaken).toHaveBeenCalledOnce();
  });

  it('says when the time is up (the server then offers it to the next person)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    serve();
    open();
    const countdown = await screen.findByRole('timer');
    expect(countdown).toHaveTextContent('aceite em 0:42');
    await pass(42_000);
    expect(countdown).toHaveTextContent('tempo esgotado');
  });

  it('"Recusar": the ticket goes back to the queue', async () => {
    const user = userEvent.setup();
    const { callsTo } = serve({
      'POST /api/transfers/5/reject': () => json({ ...offered, status: 'pending', assignedUser: null }),
    });
    const onTaken = open();
    const card = await screen.findByTestId('transfer-banner');
    await user.click(within(card).getByRole('button', { name: 'Recusar' }));
    await waitFor(() => expect(callsTo('POST /api/transfers/5/reject')).toHaveLength(1));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith({
        color: 'gray',
        title: 'Oferta recusada',
        message: 'O atendimento de Cliente 1 voltou para a fila.',
      }),
    );
    expect(onTaken).not.toHaveBeenCalled();
  });
});

describe('TransferBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows a manager whose offer it is, with what they may do', () => {
    const onResolve = vi.fn();
    const card = banner(manager, offer(), onResolve);
    expect(within(card).getByText('Oferta da distribuição para Alice')).toBeInTheDocument();
    expect(within(card).getByRole('timer')).toHaveTextContent('aceite em 0:42');
    expect(within(card).queryByText(/escolheu você/)).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Aceitar oferta' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Recusar' })).toBeInTheDocument();
    within(card).getByRole('button', { name: 'Cancelar oferta' }).click();
    expect(onResolve).toHaveBeenCalledWith('cancel');
  });

  it('an offer whose note says no time: no countdown, the note as it came', () => {
    const { unmount } = renderWithProviders(
      <TransferBanner
        transfer={offer(0, { note: 'Distribuição automática' })}
        viewer={alice}
        onResolve={vi.fn()}
        resolving={null}
      />,
    );
    const card = screen.getByTestId('transfer-banner');
    expect(within(card).getByText('Oferta da distribuição')).toBeInTheDocument();
    expect(within(card).queryByRole('timer')).not.toBeInTheDocument();
    expect(within(card).getByText('“Distribuição automática”')).toBeInTheDocument();
    unmount();
    // Nor any note at all.
    const bare = banner(alice, offer(0, { note: null }));
    expect(within(bare).getByText('Oferta da distribuição')).toBeInTheDocument();
    expect(within(bare).queryByText(/“/)).not.toBeInTheDocument();
  });

  it('a person’s transfer reads as before', () => {
    const beto: InboxViewer = { id: 8, name: 'Beto', manager: false, departmentId: null };
    const card = banner(beto, transfer(5, { note: 'Boleto' }));
    expect(card).not.toHaveAttribute('data-offer');
    expect(within(card).getByText('Alice quer transferir este atendimento para você')).toBeInTheDocument();
    expect(within(card).getByText('“Boleto”')).toBeInTheDocument();
    expect(within(card).queryByRole('timer')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Aceitar transferência' })).toBeInTheDocument();
  });
});
