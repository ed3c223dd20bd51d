/** Builders of inbox data for the unit tests (the server's shapes, server/src/domain/inbox/views.rs). */
import type { Media, ServerMessage, Ticket, TicketPage, Transfer } from './api/schemas';
import type { InboxViewer } from './viewer';

export function ticket(id: number, extra: Partial<Ticket> = {}): Ticket {
  return {
    id,
    protocol: `20261123P${id}`,
    status: 'pending',
    customer: { id: 100 + id, name: `Cliente ${id}`, phone: '+5511988887777', blacklisted: false },
    instance: { id: 1, name: 'WhatsApp Loja' },
    assignedUser: null,
    department: null,
    lastMessage: { body: `Mensagem ${id}`, at: '2026-11-23T12:00:00Z' },
    unread: 1,
    openedAt: '2026-11-23T12:00:00Z',
    closedAt: null,
    closingReasonId: null,
    updatedAt: '2026-11-23T12:00:00Z',
    windowClosesAt: null,
    tags: [],
    sla: null,
    ...extra,
  };
}

export function page(tickets: Ticket[], next: string | null = null): TicketPage {
  return { data: tickets, next_cursor: next, counts: { pending: 0, open: 0, transferring: 0, mine: 0, bot: 0 } };
}

export function message(id: number, extra: Partial<ServerMessage> = {}): ServerMessage {
  return {
    id,
    ticketId: 1,
    direction: 'in',
    kind: 'text',
    body: `Texto ${id}`,
    ack: 'read',
    error: null,
    sentAt: '2026-11-23T12:00:00Z',
    user: null,
    clientId: null,
    type: 'text',
    media: null,
    location: null,
    contacts: null,
    quoted: null,
    reactions: [],
    editedAt: null,
    revokedAt: null,
    ...extra,
  };
}

export function transfer(id: number, extra: Partial<Transfer> = {}): Transfer {
  return {
    id,
    ticketId: 1,
    status: 'pending',
    fromUser: { id: 7, name: 'Alice' },
    toUser: { id: 8, name: 'Beto' },
    toDepartment: null,
    note: null,
    createdAt: '2026-11-23T12:00:00Z',
    resolvedAt: null,
    ...extra,
  };
}

export const alice: InboxViewer = {
  id: 7,
  name: 'Alice',
  manager: false,
  departmentId: null,
};

/** A ready attachment with links (docs/media.md#message-types). */
export function media(extra: Partial<Media> = {}): Media {
  return {
    status: 'ready',
    error: null,
    mimeType: 'image/jpeg',
    fileName: null,
    size: 1000,
    width: 800,
    height: 600,
    durationMs: null,
    voice: false,
    waveform: null,
    url: '/api/media/full',
    downloadUrl: '/api/media/full?download=1',
    thumbnailUrl: '/api/media/thumb',
    ...extra,
  };
}
