import { describe, expect, it } from 'vitest';
import { inboxSearch, readInboxLocation } from './url';
import { servesInbox } from './viewer';

describe('who the inbox is for', () => {
  it('staff: whoever serves an instance, and whoever the server says sees every ticket', () => {
    expect(servesInbox({ seesAllTickets: false, instanceCount: 1, originBackoffice: false })).toBe(true);
    expect(servesInbox({ seesAllTickets: false, instanceCount: 0, originBackoffice: false })).toBe(false);
    expect(servesInbox({ seesAllTickets: true, instanceCount: 0, originBackoffice: false })).toBe(true);
  });

  it('anyone of the tenant when the address opens a ticket (one shared with them from a note)', () => {
    expect(servesInbox({ seesAllTickets: false, instanceCount: 0, originBackoffice: false, opensTicket: true })).toBe(
      true,
    );
    expect(servesInbox({ seesAllTickets: false, instanceCount: 0, originBackoffice: true, opensTicket: true })).toBe(
      false,
    );
  });

  it('not back-office operators, whatever they see', () => {
    expect(servesInbox({ seesAllTickets: true, instanceCount: 0, originBackoffice: true })).toBe(false);
    expect(servesInbox({ seesAllTickets: false, instanceCount: 2, originBackoffice: true })).toBe(false);
  });
});

describe("the inbox's URL", () => {
  it('reads the tab, search, instance, tag, ticket and message, with defaults for anything unreadable', () => {
    expect(readInboxLocation(new URLSearchParams('tab=mine&q=maria&instance=3&tag=5&ticket=12&message=900'))).toEqual({
      tab: 'mine',
      search: 'maria',
      instanceId: 3,
      tagId: 5,
      ticketId: 12,
      messageId: 900,
    });
    expect(readInboxLocation(new URLSearchParams('tab=all&instance=x&tag=abc&ticket=-1&message=x'))).toEqual({
      tab: 'pending',
      search: '',
      instanceId: null,
      tagId: null,
      ticketId: null,
      messageId: null,
    });
  });

  it('writes only what differs from the defaults, and a message only with its ticket', () => {
    const none = {
      tab: 'pending',
      search: '',
      instanceId: null,
      tagId: null,
      ticketId: null,
      messageId: null,
    } as const;
    expect(inboxSearch(none)).toBe('');
    expect(inboxSearch({ ...none, tab: 'closed', search: ' ', ticketId: 4 })).toBe('?tab=closed&ticket=4');
    expect(inboxSearch({ ...none, instanceId: 2, tagId: 7 })).toBe('?instance=2&tag=7');
    expect(inboxSearch({ ...none, ticketId: 4, messageId: 900 })).toBe('?ticket=4&message=900');
    expect(inboxSearch({ ...none, messageId: 900 })).toBe('');
  });
});
