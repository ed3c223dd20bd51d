import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsKeys } from './keys';
import {
  AT_RISK_EVENTS,
  CONTROL_PANEL_DEBOUNCE_MS,
  scheduleAtRiskRefresh,
  scheduleControlPanelRefresh,
} from './realtime';

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

describe('scheduleAtRiskRefresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads "Prestes a estourar" again once per burst of SLA changes, closes and transfers', () => {
    expect([...AT_RISK_EVENTS].sort()).toEqual(
      ['ChatTicketClosed', 'ChatTicketTransferred', 'TicketAssigned', 'TicketSlaChanged'].sort(),
    );
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    scheduleAtRiskRefresh(client, 'TicketSlaChanged');
    scheduleAtRiskRefresh(client, 'TicketSlaChanged');
    scheduleAtRiskRefresh(client, 'ChatTicketClosed');
    vi.advanceTimersByTime(CONTROL_PANEL_DEBOUNCE_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: analyticsKeys.atRisk() });
  });

  it('ignores the messages and acks (an answer that settles a target comes as TicketSlaChanged)', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    for (const event of ['ChatNotification', 'CustomerChatAckChanged', 'UserConnected']) {
      scheduleAtRiskRefresh(client, event);
    }
    vi.advanceTimersByTime(5000);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
