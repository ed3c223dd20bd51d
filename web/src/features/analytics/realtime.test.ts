import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsKeys } from './keys';
import { CONTROL_PANEL_DEBOUNCE_MS, scheduleControlPanelRefresh } from './realtime';

describe('scheduleControlPanelRefresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the control panel again once per burst of ticket events', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    scheduleControlPanelRefresh(client, 'CustomerChatCreated');
    vi.advanceTimersByTime(300);
    scheduleControlPanelRefresh(client, 'ChatNotification');
    scheduleControlPanelRefresh(client, 'ChatTicketClosed');
    vi.advanceTimersByTime(CONTROL_PANEL_DEBOUNCE_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: analyticsKeys.controlPanel() });
  });

  it('ignores events that do not change the queue', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    scheduleControlPanelRefresh(client, 'CustomerChatAckChanged');
    scheduleControlPanelRefresh(client, 'InstanceUpdated');
    vi.advanceTimersByTime(5000);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
