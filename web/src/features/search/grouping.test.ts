import { describe, expect, it } from 'vitest';
import { groupByTicket, matchCount } from './grouping';
import { hit, match, searchTicket } from './test-data';

describe('grouping the pages of a search by conversation', () => {
  it('joins a conversation whose matches span two pages, in the order conversations first appeared', () => {
    const pages = [
      {
        data: [hit(searchTicket(1), [match(90), match(80)]), hit(searchTicket(2), [match(70)])],
        next_cursor: 'c2',
      },
      {
        // Ticket 1 again (its older matches), now with a tag; ticket 3 is new.
        data: [
          hit(searchTicket(3), [match(60)]),
          hit(searchTicket(1, { tags: [{ id: 4, name: 'Orçamento', color: '#fab005' }] }), [match(50), match(80)]),
        ],
        next_cursor: null,
      },
    ];
    const groups = groupByTicket(pages);
    expect(groups.map((group) => group.ticket.id)).toEqual([1, 2, 3]);
    // Newest first, each message once.
    expect(groups[0]?.matches.map((m) => m.id)).toEqual([90, 80, 50]);
    // The later page's copy of the ticket is the fresher one.
    expect(groups[0]?.ticket.tags.map((t) => t.name)).toEqual(['Orçamento']);
    expect(matchCount(groups)).toBe(5);
  });

  it('holds nothing for no pages, and leaves the pages as they were', () => {
    expect(groupByTicket([])).toEqual([]);
    const page = { data: [hit(searchTicket(1), [match(9)])], next_cursor: null };
    groupByTicket([page, { data: [hit(searchTicket(1), [match(8)])], next_cursor: null }]);
    expect(page.data[0]?.matches.map((m) => m.id)).toEqual([9]);
  });
});
