import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Campaign, CampaignPage } from './api/schemas';
import { campaignKeys } from './keys';
import { applyCampaignEvent, readCampaignEvent, RECIPIENTS_REFRESH_MS, transitionNotice } from './realtime';
import { campaign } from './test-data';

const COUNTS = { pending: 20, sent: 8, delivered: 6, read: 4, replied: 1, failed: 1 };

function event(extra: Record<string, unknown> = {}) {
  return { event: 'CampaignUpdated', campaign_id: 7, status: 'running', total: 40, counts: COUNTS, ...extra };
}

function listData(campaigns: Campaign[]): InfiniteData<CampaignPage> {
  return { pages: [{ data: campaigns, nextCursor: null }], pageParams: [null] };
}

describe('CampaignUpdated in the cache', () => {
  afterEach(() => vi.useRealTimers());

  it('reads the event, and refuses what is not one', () => {
    expect(readCampaignEvent(event())).toEqual({ campaignId: 7, status: 'running', total: 40, counts: COUNTS });
    expect(readCampaignEvent({ event: 'CampaignUpdated', status: 'running' })).toBeNull();
    expect(readCampaignEvent({ event: 'InstanceUpdated', campaign_id: 7, status: 'running' })).toBeNull();
  });

  it('writes the counts into every list page and the detail, without a request', () => {
    const client = new QueryClient();
    const other = campaign({ id: 8, name: 'Natal' });
    client.setQueryData(campaignKeys.list(''), listData([campaign(), other]));
    client.setQueryData(campaignKeys.list('running'), listData([campaign()]));
    client.setQueryData(campaignKeys.detail(7), campaign());
    const invalidate = vi.spyOn(client, 'invalidateQueries');

    expect(applyCampaignEvent(client, event())).toBeNull();
    for (const status of ['', 'running']) {
      const page = client.getQueryData<InfiniteData<CampaignPage>>(campaignKeys.list(status))?.pages[0];
      expect(page?.data[0]?.counts).toEqual(COUNTS);
    }
    expect(client.getQueryData<InfiniteData<CampaignPage>>(campaignKeys.list(''))?.pages[0]?.data[1]).toBe(other);
    const detail = client.getQueryData<Campaign>(campaignKeys.detail(7));
    expect(detail?.counts).toEqual(COUNTS);
    // 20 waiting at 20 a minute.
    expect(detail?.remainingSeconds).toBe(60);
    // Same status: nothing is read again (the recipients later, at most every few seconds).
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('a change of status reads the campaign and the lists again, and says so once', () => {
    const client = new QueryClient();
    client.setQueryData(campaignKeys.detail(7), campaign());
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const transition = applyCampaignEvent(client, event({ status: 'paused' }));
    expect(transition).toEqual({ campaignId: 7, name: 'Black Friday', from: 'running', to: 'paused' });
    expect(transitionNotice(transition)).toEqual({
      color: 'orange',
      title: 'Campanha pausada',
      message: 'A campanha “Black Friday” foi pausada.',
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: campaignKeys.detail(7) });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: campaignKeys.lists() });
    expect(applyCampaignEvent(client, event({ status: 'paused' }))).toBeNull();
  });

  it('knows a campaign it has no cache of from its earlier events', () => {
    const client = new QueryClient();
    expect(applyCampaignEvent(client, event({ campaign_id: 9 }))).toBeNull();
    const finished = applyCampaignEvent(client, event({ campaign_id: 9, status: 'finished' }));
    expect(transitionNotice(finished)?.title).toBe('Campanha concluída');
  });

  it('marks the recipients stale at most every few seconds', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    for (let index = 0; index < 5; index += 1) applyCampaignEvent(client, event());
    vi.advanceTimersByTime(RECIPIENTS_REFRESH_MS);
    expect(invalidate.mock.calls.filter(([filters]) => filters?.queryKey?.[1] === 'recipients')).toEqual([
      [{ queryKey: campaignKeys.recipientsOf(7) }],
    ]);
  });
});
