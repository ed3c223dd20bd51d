import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { INBOX_KEY } from '../features/inbox/keys';
import { refreshAfterOpen } from './realtime';

describe('what a socket opening reads again', () => {
  it('nothing the first time; the inbox after a reconnection; everything after a 1012 (rights changed)', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue(undefined);
    refreshAfterOpen(client, false, false);
    expect(invalidate).not.toHaveBeenCalled();
    refreshAfterOpen(client, true, false);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: INBOX_KEY });
    refreshAfterOpen(client, true, true);
    // No filter: the user info, the inbox, the instance lists...
    expect(invalidate).toHaveBeenLastCalledWith();
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
