import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidElement, type ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { theme } from '../../theme';
import { assignmentOf } from './assignment';
import { ASSIGNMENT_NOTICE_MS, notifyAssignment } from './assignment-notice';
import type { MessagePages, TicketPages } from './cache';
import { inboxKeys, type QueueFilter } from './keys';
import { applyInboxEvent, INBOX_EVENTS, LIST_REFRESH_DEBOUNCE_MS } from './realtime';
import { message, page, ticket } from './test-data';

const REASON = 'Atribuído a Ana (menos atendimentos): 2/5 atendimentos, online há 40 min';

/** `TicketAssigned` as the server sends it (server/src/domain/distribution/assign.rs). */
function assigned(userId = 7) {
  return {
    event: 'TicketAssigned',
    ticket: ticket(12, {
      status: 'open',
      assignedUser: { id: userId, name: 'Ana' },
      customer: { id: 112, name: 'Maria Souza', phone: '+5511988887777', blacklisted: false },
    }),
    user_id: userId,
    reason: REASON,
  };
}

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

describe('TicketAssigned: "Novo atendimento para você"', () => {
  let show: MockInstance<typeof notifications.show>;
  let hide: MockInstance<typeof notifications.hide>;
  beforeEach(() => {
    show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    hide = vi.spyOn(notifications, 'hide').mockImplementation(() => 'id');
    setVisibility('visible');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    setVisibility('visible');
  });

  it('reads the event; anything else, or a payload it cannot read, is no assignment', () => {
    expect(assignmentOf(assigned())).toMatchObject({ userId: 7, reason: REASON, ticket: { id: 12 } });
    expect(assignmentOf({ event: 'ChatTicketTransferred', ticket: ticket(1) })).toBeNull();
    expect(assignmentOf({ event: 'TicketAssigned', ticket: { id: 'x' }, user_id: 7, reason: '' })).toBeNull();
  });

  it('toasts the customer and the reason with "Abrir conversa", which opens the conversation', async () => {
    const open = vi.fn();
    const shown = stubNotification('granted');
    expect(notifyAssignment(assigned(), 7, open)?.ticket.id).toBe(12);
    expect(show).toHaveBeenCalledOnce();
    const options = show.mock.calls[0]?.[0] as { title: string; color: string; message: unknown; autoClose: number };
    expect(options).toMatchObject({
      title: 'Novo atendimento para você',
      color: 'teal',
      autoClose: ASSIGNMENT_NOTICE_MS,
    });
    // A visible tab: no browser notification.
    expect(shown).toHaveLength(0);

    expect(isValidElement(options.message)).toBe(true);
    render(<MantineProvider theme={theme}>{options.message as ReactElement}</MantineProvider>);
    expect(screen.getByText('Maria Souza · #20261123P12')).toBeInTheDocument();
    expect(screen.getByText(REASON)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Abrir conversa com Maria Souza' }));
    expect(open).toHaveBeenCalledWith('/?tab=mine&ticket=12');
    expect(hide).toHaveBeenCalledWith('ticket-assigned-12');
  });

  it('in a hidden tab, also the browser’s notification (when allowed); a click opens the conversation', () => {
    setVisibility('hidden');
    const shown = stubNotification('granted');
    const open = vi.fn();
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    notifyAssignment(assigned(), 7, open);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe('Novo atendimento para você');
    expect(shown[0]?.options).toEqual({ body: `Maria Souza (#20261123P12) · ${REASON}`, tag: 'assigned-12' });
    shown[0]?.instance.onclick?.();
    expect(open).toHaveBeenCalledWith('/?tab=mine&ticket=12');
    expect(focus).toHaveBeenCalledOnce();
  });

  it('never asks for the permission, and says nothing of an assignment to someone else', () => {
    setVisibility('hidden');
    const shown = stubNotification('default');
    notifyAssignment(assigned(), 7, vi.fn());
    expect(shown).toHaveLength(0);
    expect(show).toHaveBeenCalledOnce();
    show.mockClear();
    expect(notifyAssignment(assigned(8), 7, vi.fn())).toBeNull();
    expect(notifyAssignment({ event: 'UserMentioned' }, 7, vi.fn())).toBeNull();
    expect(show).not.toHaveBeenCalled();
  });
});

describe('TicketAssigned in the inbox’s cache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('moves the ticket from the queue to "Meus" and reads its conversation again (the line saying why)', () => {
    expect(INBOX_EVENTS).toContain('TicketAssigned');
    const client = new QueryClient();
    const pending: QueueFilter = { tab: 'pending', search: '', instanceId: null, tagId: null };
    const mine: QueueFilter = { tab: 'mine', search: '', instanceId: null, tagId: null };
    client.setQueryData<TicketPages>(inboxKeys.list(pending), {
      pages: [page([ticket(12), ticket(13)])],
      pageParams: [undefined],
    });
    client.setQueryData<TicketPages>(inboxKeys.list(mine), { pages: [page([])], pageParams: [undefined] });
    client.setQueryData<MessagePages>(inboxKeys.messages(12), {
      pages: [{ data: [message(1, { ticketId: 12 })], next_cursor: null }],
      pageParams: [undefined],
    });
    const invalidate = vi.spyOn(client, 'invalidateQueries');

    expect(applyInboxEvent(client, assigned(), 7)).toBeNull();
    expect(client.getQueryData<TicketPages>(inboxKeys.list(pending))?.pages[0]?.data.map((t) => t.id)).toEqual([13]);
    expect(client.getQueryData<TicketPages>(inboxKeys.list(mine))?.pages[0]?.data.map((t) => t.id)).toEqual([12]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: inboxKeys.messages(12) });
    vi.advanceTimersByTime(LIST_REFRESH_DEBOUNCE_MS);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: inboxKeys.lists() });
  });
});
