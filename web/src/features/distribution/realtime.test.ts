import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { distributionKeys } from './keys';
import { DISTRIBUTION_EVENTS, DISTRIBUTION_REFRESH_DEBOUNCE_MS, scheduleDistributionRefresh } from './realtime';

describe('scheduleDistributionRefresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the distribution again once per burst of its events', () => {
    expect([...DISTRIBUTION_EVENTS].sort()).toEqual(
      [
        'ChatTicketClosed',
        'ChatTicketTransferred',
        'TicketAssigned',
        'UserConnected',
        'UserDisconnected',
        'UserStatusChanged',
      ].sort(),
    );
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    for (const event of DISTRIBUTION_EVENTS) scheduleDistributionRefresh(client, event);
    vi.advanceTimersByTime(DISTRIBUTION_REFRESH_DEBOUNCE_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: distributionKeys.overview() });
  });

  it('ignores the events that change nothing it shows', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    for (const event of ['ChatNotification', 'CustomerChatAckChanged', 'InstanceUpdated', 'UserMentioned']) {
      scheduleDistributionRefresh(client, event);
    }
    vi.advanceTimersByTime(5000);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
