import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertMention } from './alert';
import type { MentionPage } from './api/schemas';
import { cachedUnread, writeUnread } from './cache';
import { mentionKeys, type MentionFilter } from './keys';
import { applyMentionsEvent, refreshMentions } from './realtime';
import { mention, page } from './test-data';

function withList(client: QueryClient, filter: MentionFilter, data: MentionPage[]) {
  client.setQueryData<InfiniteData<MentionPage, string | null>>(mentionKeys.list(filter), {
    pages: data,
    pageParams: data.map((_, index) => (index === 0 ? null : String(index))),
  });
}

function listed(client: QueryClient, filter: MentionFilter): number[] {
  const data = client.getQueryData<InfiniteData<MentionPage>>(mentionKeys.list(filter));
  return data?.pages.flatMap((item) => item.data.map((entry) => entry.id)) ?? [];
}

describe('mention events in the cache', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('UserMentioned puts the mention on top of both lists and one more unread on the badge, once', () => {
    const client = new QueryClient();
    writeUnread(client, 2);
    withList(client, 'unread', [page([mention({ id: 20 })], '20', 2), page([mention({ id: 10 })])]);
    withList(client, 'all', [page([mention({ id: 20 }), mention({ id: 19, readAt: '2026-12-01T10:00:00Z' })])]);
    const event = { event: 'UserMentioned', mention: mention({ id: 40 }) };

    expect(applyMentionsEvent(client, event)?.id).toBe(40);
    expect(cachedUnread(client)).toBe(3);
    expect(listed(client, 'unread')).toEqual([40, 20, 10]);
    expect(listed(client, 'all')).toEqual([40, 20, 19]);

    // The same frame again: nothing counted twice.
    applyMentionsEvent(client, event);
    expect(cachedUnread(client)).toBe(3);
    expect(listed(client, 'unread')).toEqual([40, 20, 10]);
  });

  it('a mention already read joins "Todas" only, and does not count', () => {
    const client = new QueryClient();
    writeUnread(client, 1);
    withList(client, 'unread', [page([mention({ id: 20 })])]);
    withList(client, 'all', [page([mention({ id: 20 })])]);
    applyMentionsEvent(client, {
      event: 'UserMentioned',
      mention: mention({ id: 41, readAt: '2026-12-01T10:00:00Z' }),
    });
    expect(cachedUnread(client)).toBe(1);
    expect(listed(client, 'unread')).toEqual([20]);
    expect(listed(client, 'all')).toEqual([41, 20]);
  });

  it('without a count yet, or with a payload it cannot read, the badge is read from the server', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue(undefined);
    applyMentionsEvent(client, { event: 'UserMentioned', mention: mention({ id: 42 }) });
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: mentionKeys.unread() });
    expect(applyMentionsEvent(client, { event: 'UserMentioned', mention: { id: 'x' } })).toBeNull();
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: mentionKeys.all() });
  });

  it('MentionsRead sets the badge and has the lists read again', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue(undefined);
    writeUnread(client, 5);
    expect(applyMentionsEvent(client, { event: 'MentionsRead', unread: 1 })).toBeNull();
    expect(cachedUnread(client)).toBe(1);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: mentionKeys.lists() });
  });

  it('other events are left alone; a reconnection reads everything again', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue(undefined);
    expect(applyMentionsEvent(client, { event: 'ChatNoteAdded', ticket_id: 1 })).toBeNull();
    expect(invalidate).not.toHaveBeenCalled();
    refreshMentions(client);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['mentions'] });
  });
});

describe('the browser notification of a mention', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubNotification(permission: NotificationPermission) {
    const shown: { title: string; options?: NotificationOptions; instance: { onclick: null | (() => void) } }[] = [];
    const requestPermission = vi.fn();
    class FakeNotification {
      static permission = permission;
      static requestPermission = requestPermission;
      onclick: null | (() => void) = null;
      close = vi.fn();
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, options, instance: this });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    return { shown, requestPermission };
  }

  it('is shown when allowed: who, where and the note; a click opens the ticket', () => {
    const { shown, requestPermission } = stubNotification('granted');
    const open = vi.fn();
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    alertMention(mention({ id: 7 }), open);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe('Carlos Lima mencionou você');
    expect(shown[0]?.options).toEqual({
      body: 'Maria Souza: @Ana Souza o cliente já pagou, pode liberar o pedido?',
      tag: 'mention-7',
    });
    shown[0]?.instance.onclick?.();
    expect(open).toHaveBeenCalledOnce();
    expect(focus).toHaveBeenCalledOnce();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('is not shown, nor asked for, when the browser has no permission (the inbox asks)', () => {
    const { shown, requestPermission } = stubNotification('default');
    alertMention(mention(), vi.fn());
    expect(shown).toHaveLength(0);
    expect(requestPermission).not.toHaveBeenCalled();
  });
});
