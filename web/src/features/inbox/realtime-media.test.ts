import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { MessageSchema, type Media } from './api/schemas';
import type { MessagePages } from './cache';
import { inboxKeys } from './keys';
import { applyInboxEvent } from './realtime';
import { message } from './test-data';

const pendingPhoto: Media = {
  status: 'pending',
  error: null,
  mimeType: 'image/jpeg',
  fileName: null,
  size: null,
  width: null,
  height: null,
  durationMs: null,
  voice: false,
  waveform: null,
  url: null,
  downloadUrl: null,
  thumbnailUrl: null,
};

function conversation(client: QueryClient) {
  client.setQueryData<MessagePages>(inboxKeys.messages(1), {
    pages: [
      { data: [message(9, { type: 'image', media: pendingPhoto }), message(10)], next_cursor: 'c1' },
      { data: [message(3)], next_cursor: null },
    ],
    pageParams: [undefined, 'c1'],
  });
}

function cached(client: QueryClient, id: number) {
  return client
    .getQueryData<MessagePages>(inboxKeys.messages(1))
    ?.pages.flatMap((p) => p.data)
    .find((m) => m.id === id);
}

describe('media events in the inbox', () => {
  it('ChatMessageUpdated: the photo shows once its media is ready', () => {
    const client = new QueryClient();
    conversation(client);
    const ready = { ...pendingPhoto, status: 'ready', url: '/api/media/t1', thumbnailUrl: '/api/media/t2' };
    applyInboxEvent(
      client,
      { event: 'ChatMessageUpdated', ticket_id: 1, message: message(9, { type: 'image', media: ready }) },
      7,
    );
    expect(cached(client, 9)?.media).toMatchObject({ status: 'ready', thumbnailUrl: '/api/media/t2' });
    // The rest of the conversation is untouched.
    expect(cached(client, 10)?.body).toBe('Texto 10');
  });

  it('ChatMessageUpdated: a message deleted by the customer, or edited, anywhere in the loaded pages', () => {
    const client = new QueryClient();
    conversation(client);
    applyInboxEvent(
      client,
      {
        event: 'ChatMessageUpdated',
        ticket_id: 1,
        message: message(3, { body: '', revokedAt: '2026-11-23T12:05:00Z' }),
      },
      7,
    );
    expect(cached(client, 3)).toMatchObject({ body: '', revokedAt: '2026-11-23T12:05:00Z' });
  });

  it('ChatMessageUpdated never takes an ack back', () => {
    const client = new QueryClient();
    client.setQueryData<MessagePages>(inboxKeys.messages(1), {
      pages: [{ data: [message(4, { direction: 'out', ack: 'read' })], next_cursor: null }],
      pageParams: [undefined],
    });
    applyInboxEvent(
      client,
      {
        event: 'ChatMessageUpdated',
        ticket_id: 1,
        message: message(4, { direction: 'out', ack: 'sent', body: 'novo' }),
      },
      7,
    );
    expect(cached(client, 4)).toMatchObject({ ack: 'read', body: 'novo' });
  });

  it('ChatMessageReaction replaces the message’s reactions', () => {
    const client = new QueryClient();
    conversation(client);
    const reactions = [{ emoji: '❤️', from: 'customer', user: null }];
    applyInboxEvent(client, { event: 'ChatMessageReaction', ticket_id: 1, message_id: 10, reactions }, 7);
    expect(cached(client, 10)?.reactions).toEqual(reactions);
    applyInboxEvent(client, { event: 'ChatMessageReaction', ticket_id: 1, message_id: 10, reactions: [] }, 7);
    expect(cached(client, 10)?.reactions).toEqual([]);
  });

  it('a message from a server without media still parses, as text', () => {
    const old = {
      id: 1,
      ticketId: 1,
      direction: 'in',
      kind: 'text',
      body: 'Oi',
      ack: 'read',
      error: null,
      sentAt: '2026-11-23T12:00:00Z',
      user: null,
      clientId: null,
    };
    const parsed = MessageSchema.parse(old);
    expect(parsed).toMatchObject({ type: 'text', reactions: [] });
    expect(parsed.media).toBeUndefined();
  });
});
