import { describe, expect, it } from 'vitest';
import { MAX_SEEK_PAGES, seekStep, type SeekStep } from './seek';

/**
 * Plays a search through a conversation of `pages` pages (0 the newest, loaded first) for a
 * message on page `target` (null: not in it): the steps it takes until it shows or gives up.
 */
function play(pages: number, target: number | null): { last: SeekStep; pagesRead: number } {
  let pagesRead = 0;
  for (;;) {
    const loadedPages = 1 + pagesRead;
    const step = seekStep({
      loaded: target !== null && target < loadedPages,
      loading: false,
      hasOlder: loadedPages < pages,
      pagesRead,
    });
    if (step !== 'load') return { last: step, pagesRead };
    pagesRead += 1;
  }
}

describe('looking for a message page by page', () => {
  it('shows it at once when the newest page has it', () => {
    expect(play(10, 0)).toEqual({ last: 'show', pagesRead: 0 });
  });

  it('reads older pages one at a time until it is there', () => {
    expect(play(10, 4)).toEqual({ last: 'show', pagesRead: 4 });
    expect(play(30, MAX_SEEK_PAGES)).toEqual({ last: 'show', pagesRead: MAX_SEEK_PAGES });
  });

  it('gives up at the start of the conversation', () => {
    expect(play(3, null)).toEqual({ last: 'give-up', pagesRead: 2 });
    expect(play(1, null)).toEqual({ last: 'give-up', pagesRead: 0 });
  });

  it('gives up after reading MAX_SEEK_PAGES older pages, however long the conversation', () => {
    expect(MAX_SEEK_PAGES).toBe(25);
    expect(play(1000, 900)).toEqual({ last: 'give-up', pagesRead: MAX_SEEK_PAGES });
    expect(play(1000, null)).toEqual({ last: 'give-up', pagesRead: MAX_SEEK_PAGES });
  });

  it('waits while a page is coming, whatever else', () => {
    expect(seekStep({ loaded: false, loading: true, hasOlder: true, pagesRead: 3 })).toBe('wait');
    expect(seekStep({ loaded: false, loading: true, hasOlder: false, pagesRead: 30 })).toBe('wait');
    // Found beats everything: a page still coming does not matter.
    expect(seekStep({ loaded: true, loading: true, hasOlder: true, pagesRead: 0 })).toBe('show');
  });
});
