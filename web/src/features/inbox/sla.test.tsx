import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidElement, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Sla } from '../../lib/sla';
import { json, logIn, stubFetch } from '../../testing/fixtures';
import { theme } from '../../theme';
import type { Ticket } from './api/schemas';
import type { TicketPages } from './cache';
import { Conversation } from './components/Conversation';
import { TicketItem } from './components/TicketItem';
import { inboxKeys, type QueueFilter } from './keys';
import { applyInboxEvent, INBOX_EVENTS } from './realtime';
import { slaChangeOf, slaNoticeKind } from './sla';
import { notifySlaChange, SLA_BREACH_NOTICE_MS } from './sla-notice';
import { alice, message, page, ticket } from './test-data';

// 12:00 in São Paulo.
const NOW = new Date('2026-12-07T15:00:00Z');

function sla(extra: Partial<Sla> = {}): Sla {
  return {
    state: 'on_time',
    responseDueAt: '2026-12-07T17:30:00Z',
    responded: false,
    resolutionDueAt: '2026-12-08T12:00:00Z',
    paused: false,
    ...extra,
  };
}

function withProviders(ui: ReactElement, client = new QueryClient()) {
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function row(current: Ticket) {
  return withProviders(
    <TicketItem ticket={current} href="/?ticket=1" selected={false} now={NOW} viewerId={7} onKeyDown={vi.fn()} />,
  );
}

/** `TicketSlaChanged` as the server sends it (server/src/domain/sla/clock.rs). */
function slaChanged(current: Ticket, state: Sla['state'], target: 'response' | 'resolution' = 'response') {
  return { event: 'TicketSlaChanged', ticket: current, state, target };
}

describe('the SLA badge on the queue’s rows', () => {
  beforeEach(() => {
    logIn();
    stubFetch({ 'GET /api/tags': () => json([]) });
  });

  it('at risk: "Em risco" in orange, heard as "SLA: Em risco"', () => {
    row(ticket(1, { sla: sla({ state: 'at_risk' }) }));
    const badge = screen.getByTestId('sla-badge');
    expect(badge).toHaveTextContent('SLA: Em risco');
    expect(badge).toHaveAttribute('data-state', 'at_risk');
    expect(within(badge).getByText('SLA:')).toBeInTheDocument();
  });

  it('breached: "SLA estourado"', () => {
    row(ticket(1, { sla: sla({ state: 'breached' }) }));
    expect(screen.getByTestId('sla-badge')).toHaveTextContent('SLA: SLA estourado');
  });

  it('on time, or without a policy: no badge', () => {
    const { unmount } = row(ticket(1, { sla: sla() }));
    expect(screen.queryByTestId('sla-badge')).not.toBeInTheDocument();
    unmount();
    row(ticket(1));
    expect(screen.queryByTestId('sla-badge')).not.toBeInTheDocument();
  });
});

describe('the SLA in the conversation’s header', () => {
  let client: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    logIn();
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  function open(current: Ticket) {
    stubFetch({
      'GET /api/tickets/1': () => json(current),
      'GET /api/tickets/1/messages': () => json({ data: [message(5, { body: 'Oi?' })], next_cursor: null }),
      'GET /api/media/limits': () => json({ limits: [] }),
      'GET /api/tags': () => json([]),
    });
    return withProviders(
      <Conversation viewer={alice} ticketId={1} onBack={vi.fn()} onShowCustomer={vi.fn()} onTaken={vi.fn()} />,
      client,
    );
  }

  const own = (extra: Partial<Ticket> = {}) =>
    ticket(1, { status: 'open', assignedUser: { id: 7, name: 'Alice' }, unread: 0, ...extra });

  it('on time: no badge, the deadlines in São Paulo time (the day when not today)', async () => {
    open(own({ sla: sla() }));
    const status = await screen.findByTestId('sla-status');
    expect(within(status).queryByTestId('sla-badge')).not.toBeInTheDocument();
    expect(status).toHaveTextContent('Responder até 14:30');
    expect(status).toHaveTextContent('Resolver até amanhã às 09:00');
  });

  it('answered and waiting on the customer: "Pausado: aguardando o cliente"', async () => {
    open(own({ sla: sla({ responded: true, paused: true }) }));
    const status = await screen.findByTestId('sla-status');
    expect(status).toHaveTextContent(/^Pausado: aguardando o cliente$/);
  });

  it('breached: the badge and what is still due; nothing without a policy', async () => {
    open(own({ sla: sla({ state: 'breached', responseDueAt: '2026-12-07T14:55:00Z', responded: true }) }));
    const status = await screen.findByTestId('sla-status');
    expect(within(status).getByTestId('sla-badge')).toHaveTextContent('SLA: SLA estourado');
    expect(status).toHaveTextContent('Resolver até amanhã às 09:00');
    expect(status).not.toHaveTextContent('Responder');
  });

  it('follows TicketSlaChanged live, without reading the ticket again', async () => {
    open(own({ sla: sla() }));
    const status = await screen.findByTestId('sla-status');
    expect(within(status).queryByTestId('sla-badge')).not.toBeInTheDocument();
    act(() => {
      applyInboxEvent(client, slaChanged(own({ sla: sla({ state: 'at_risk' }) }), 'at_risk'), 7);
    });
    expect(await within(screen.getByTestId('sla-status')).findByTestId('sla-badge')).toHaveTextContent('Em risco');
    act(() => {
      applyInboxEvent(client, slaChanged(own({ sla: sla({ state: 'breached' }) }), 'breached'), 7);
    });
    expect(await within(screen.getByTestId('sla-status')).findByText('SLA estourado')).toBeInTheDocument();
  });

  it('a narrow conversation repeats it on a line of its own under the header (CSS shows one of the two)', async () => {
    open(own({ sla: sla({ state: 'at_risk' }) }));
    const inline = await screen.findByTestId('sla-status');
    const narrow = screen.getByTestId('sla-status-narrow');
    expect(narrow.textContent).toBe(inline.textContent);
    expect(inline.closest('header')).not.toBeNull();
    expect(narrow.closest('header')).toBeNull();
  });

  it('a ticket without a policy shows nothing of it', async () => {
    open(own());
    await screen.findByRole('heading', { name: 'Cliente 1' });
    expect(screen.queryByTestId('sla-status')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sla-status-narrow')).not.toBeInTheDocument();
  });
});

describe('TicketSlaChanged in the inbox’s cache', () => {
  it('rewrites the ticket where it is listed, without moving it up the queue', () => {
    expect(INBOX_EVENTS).toContain('TicketSlaChanged');
    const client = new QueryClient();
    const pending: QueueFilter = { tab: 'pending', search: '', instanceId: null, tagId: null };
    client.setQueryData<TicketPages>(inboxKeys.list(pending), {
      pages: [page([ticket(1), ticket(2)])],
      pageParams: [undefined],
    });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    expect(applyInboxEvent(client, slaChanged(ticket(2, { sla: sla({ state: 'at_risk' }) }), 'at_risk'), 7)).toBeNull();
    const listed = client.getQueryData<TicketPages>(inboxKeys.list(pending))?.pages[0]?.data;
    expect(listed?.map((t) => [t.id, t.sla?.state ?? null])).toEqual([
      [1, null],
      [2, 'at_risk'],
    ]);
    expect(client.getQueryData<Ticket>(inboxKeys.ticket(2))?.sla?.state).toBe('at_risk');
    expect(invalidate).not.toHaveBeenCalled();
  });
});

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

function stubNotification(permission: NotificationPermission) {
  const shown: { title: string; options?: NotificationOptions; instance: { onclick: null | (() => void) } }[] = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = vi.fn();
    onclick: null | (() => void) = null;
    close = vi.fn();
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, options, instance: this });
    }
  }
  vi.stubGlobal('Notification', FakeNotification);
  return shown;
}

describe('TicketSlaChanged: who is told', () => {
  let show: MockInstance<typeof notifications.show>;
  let hide: MockInstance<typeof notifications.hide>;
  const waiting = ticket(12, {
    customer: { id: 112, name: 'Maria Souza', phone: '+5511988887777', blacklisted: false },
    sla: sla({ state: 'breached', responseDueAt: '2026-12-07T14:59:00Z' }),
  });
  const hers = ticket(13, {
    status: 'open',
    assignedUser: { id: 7, name: 'Alice' },
    customer: { id: 113, name: 'João Lima', phone: '+5511977776666', blacklisted: false },
    sla: sla({ state: 'at_risk' }),
  });

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    hide = vi.spyOn(notifications, 'hide').mockImplementation(() => 'id');
    setVisibility('visible');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    setVisibility('visible');
  });

  it('reads the event; anything else, or a payload it cannot read, is no change', () => {
    expect(slaChangeOf(slaChanged(waiting, 'breached'))).toMatchObject({ state: 'breached', target: 'response' });
    expect(slaChangeOf({ event: 'TicketAssigned', ticket: waiting })).toBeNull();
    expect(slaChangeOf({ event: 'TicketSlaChanged', ticket: { id: 'x' }, state: 'breached' })).toBeNull();
  });

  it('a breach: those who watch the control panel and the ticket’s owner; a risk: the owner only', () => {
    const watcher = { id: 9, watchesBreaches: true };
    const owner = { id: 7, watchesBreaches: false };
    const breach = slaChangeOf(slaChanged(waiting, 'breached'));
    const risk = slaChangeOf(slaChanged(hers, 'at_risk'));
    if (!breach || !risk) throw new Error('unread');
    expect(slaNoticeKind(breach, watcher)).toBe('breached');
    expect(slaNoticeKind(breach, owner)).toBeNull();
    expect(slaNoticeKind(risk, owner)).toBe('at_risk');
    expect(slaNoticeKind(risk, watcher)).toBeNull();
    const hersBreached = slaChangeOf(slaChanged(hers, 'breached'));
    if (!hersBreached) throw new Error('unread');
    expect(slaNoticeKind(hersBreached, owner)).toBe('breached');
    expect(slaNoticeKind(hersBreached, { id: 8, watchesBreaches: false })).toBeNull();
    // A waiting ticket has no owner to warn.
    expect(slaNoticeKind({ ...risk, ticket: { ...risk.ticket, status: 'pending' } }, owner)).toBeNull();
    const back = slaChangeOf(slaChanged(hers, 'on_time'));
    if (!back) throw new Error('unread');
    expect(slaNoticeKind(back, owner)).toBeNull();
  });

  it('a breach toasts "SLA estourado — <cliente> (protocolo …)" with "Abrir conversa"', async () => {
    const open = vi.fn();
    const shown = stubNotification('granted');
    expect(notifySlaChange(slaChanged(waiting, 'breached'), { id: 9, watchesBreaches: true }, open)?.ticket.id).toBe(
      12,
    );
    expect(show).toHaveBeenCalledOnce();
    const options = show.mock.calls[0]?.[0] as { title: string; color: string; message: unknown; autoClose: number };
    expect(options).toMatchObject({
      title: 'SLA estourado — Maria Souza (protocolo 20261123P12)',
      color: 'red',
      autoClose: SLA_BREACH_NOTICE_MS,
    });
    // A visible tab: no browser notification.
    expect(shown).toHaveLength(0);
    expect(isValidElement(options.message)).toBe(true);
    render(<MantineProvider theme={theme}>{options.message as ReactElement}</MantineProvider>);
    expect(screen.getByText('A primeira resposta passou do prazo. Na fila.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Abrir conversa com Maria Souza' }));
    expect(open).toHaveBeenCalledWith('/?ticket=12');
    expect(hide).toHaveBeenCalledWith('ticket-sla-12');
  });

  it('a breach in a hidden tab: also the browser’s notification (when allowed), which opens the conversation', () => {
    setVisibility('hidden');
    const shown = stubNotification('granted');
    const open = vi.fn();
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    notifySlaChange(slaChanged(waiting, 'breached'), { id: 9, watchesBreaches: true }, open);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe('SLA estourado — Maria Souza (protocolo 20261123P12)');
    expect(shown[0]?.options).toEqual({ body: 'A primeira resposta passou do prazo. Na fila.', tag: 'sla-12' });
    shown[0]?.instance.onclick?.();
    expect(open).toHaveBeenCalledWith('/?ticket=12');
    expect(focus).toHaveBeenCalledOnce();
  });

  it('a risk: a quieter toast to the owner, beside "Meus", never the browser’s', async () => {
    setVisibility('hidden');
    const shown = stubNotification('granted');
    const open = vi.fn();
    notifySlaChange(slaChanged(hers, 'at_risk'), { id: 7, watchesBreaches: true }, open);
    expect(shown).toHaveLength(0);
    const options = show.mock.calls[0]?.[0] as { title: string; color: string; message: unknown };
    expect(options).toMatchObject({ title: 'Atendimento em risco de estourar o SLA', color: 'orange' });
    render(<MantineProvider theme={theme}>{options.message as ReactElement}</MantineProvider>);
    expect(screen.getByText('João Lima (protocolo 20261123P13) · Responder até 14:30')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Abrir conversa com João Lima' }));
    expect(open).toHaveBeenCalledWith('/?tab=mine&ticket=13');
  });

  it('says nothing to whom it does not concern, nor of another event', () => {
    stubNotification('granted');
    expect(notifySlaChange(slaChanged(waiting, 'breached'), { id: 7, watchesBreaches: false }, vi.fn())).toBeNull();
    expect(notifySlaChange(slaChanged(hers, 'at_risk'), { id: 8, watchesBreaches: true }, vi.fn())).toBeNull();
    expect(
      notifySlaChange({ event: 'TicketAssigned', ticket: hers }, { id: 7, watchesBreaches: true }, vi.fn()),
    ).toBeNull();
    expect(show).not.toHaveBeenCalled();
  });
});
