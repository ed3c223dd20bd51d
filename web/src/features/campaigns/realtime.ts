/**
 * The realtime `CampaignUpdated` (docs/campaigns.md: `{event, campaign_id, status, total, counts}`,
 * at most ~4 a second per campaign) written into the query cache, so the lists and the detail move
 * without a request: the campaign's status, total and counts replace the cached ones in every list
 * page and in its detail. A change of status also reads the campaign and the lists again (the
 * event does not carry `pausedReason`, `finishedAt`..., and a status filter may no longer hold it);
 * a campaign's recipients are marked stale at most every `RECIPIENTS_REFRESH_MS`.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '../../lib/realtime';
import { CountsSchema, type Campaign, type CampaignPage, type Counts } from './api/schemas';
import { campaignKeys } from './keys';
import { remainingAtRate } from './progress';

export const CAMPAIGN_EVENT = 'CampaignUpdated';
/** The recipients table of a sending campaign is read again at most this often. */
export const RECIPIENTS_REFRESH_MS = 2_000;

export interface CampaignUpdate {
  campaignId: number;
  status: string;
  total: number | null;
  counts: Counts | null;
}

/** The event's fields, or null when it is not a readable `CampaignUpdated`. */
export function readCampaignEvent(event: RealtimeEvent): CampaignUpdate | null {
  if (event.event !== CAMPAIGN_EVENT) return null;
  const id = event.campaign_id;
  const campaignId = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : null;
  if (campaignId === null || typeof event.status !== 'string') return null;
  const counts = CountsSchema.safeParse(event.counts);
  return {
    campaignId,
    status: event.status,
    total: typeof event.total === 'number' ? event.total : null,
    counts: counts.success && typeof event.counts === 'object' && event.counts !== null ? counts.data : null,
  };
}

/** The campaign with the event's figures (the same object when nothing changed). */
export function withUpdate(campaign: Campaign, update: CampaignUpdate): Campaign {
  const counts = update.counts ?? campaign.counts;
  const total = update.total ?? campaign.total;
  if (
    campaign.status === update.status &&
    campaign.total === total &&
    JSON.stringify(campaign.counts) === JSON.stringify(counts)
  ) {
    return campaign;
  }
  const remainingSeconds =
    update.status === 'running'
      ? (remainingAtRate(counts.pending, campaign.ratePerMinute) ?? campaign.remainingSeconds)
      : campaign.remainingSeconds;
  return { ...campaign, status: update.status, total, counts, remainingSeconds };
}

/** Each client's last known status of each campaign (to tell a change of status). */
const lastStatuses = new WeakMap<QueryClient, Map<number, string>>();
const recipientTimers = new WeakMap<QueryClient, Map<number, ReturnType<typeof setTimeout>>>();

function statusesOf(queryClient: QueryClient): Map<number, string> {
  let map = lastStatuses.get(queryClient);
  if (!map) {
    map = new Map();
    lastStatuses.set(queryClient, map);
  }
  return map;
}

function refreshRecipientsSoon(queryClient: QueryClient, campaignId: number): void {
  let timers = recipientTimers.get(queryClient);
  if (!timers) {
    timers = new Map();
    recipientTimers.set(queryClient, timers);
  }
  if (timers.has(campaignId)) return;
  timers.set(
    campaignId,
    setTimeout(() => {
      timers.delete(campaignId);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.recipientsOf(campaignId) });
    }, RECIPIENTS_REFRESH_MS),
  );
}

/** A change of status seen through the events (for a notification). */
export interface CampaignTransition {
  campaignId: number;
  name: string | null;
  from: string;
  to: string;
}

/**
 * Writes a `CampaignUpdated` into the cache. Returns the change of status it shows, when the
 * status before it was known (from an earlier event or the cache), else null.
 */
export function applyCampaignEvent(queryClient: QueryClient, event: RealtimeEvent): CampaignTransition | null {
  const update = readCampaignEvent(event);
  if (update === null) return null;
  const { campaignId } = update;
  let name: string | null = null;
  let cachedStatus: string | null = null;

  const detail = queryClient.getQueryData<Campaign>(campaignKeys.detail(campaignId));
  if (detail) {
    name = detail.name;
    cachedStatus = detail.status;
    queryClient.setQueryData<Campaign>(campaignKeys.detail(campaignId), withUpdate(detail, update));
  }
  queryClient.setQueriesData<InfiniteData<CampaignPage>>({ queryKey: campaignKeys.lists() }, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const index = page.data.findIndex((campaign) => campaign.id === campaignId);
      const found = index >= 0 ? page.data[index] : undefined;
      if (!found) return page;
      name ??= found.name;
      cachedStatus ??= found.status;
      const next = withUpdate(found, update);
      if (next === found) return page;
      changed = true;
      const list = [...page.data];
      list[index] = next;
      return { ...page, data: list };
    });
    return changed ? { ...data, pages } : data;
  });

  const statuses = statusesOf(queryClient);
  // The cache first: a move made on this screen already wrote the new status there.
  const before = cachedStatus ?? statuses.get(campaignId) ?? null;
  statuses.set(campaignId, update.status);
  refreshRecipientsSoon(queryClient, campaignId);
  if (before !== null && before !== update.status) {
    void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignId) });
    void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    return { campaignId, name, from: before, to: update.status };
  }
  return null;
}

/** The notification of a change of status worth telling (the campaign finished, or was paused). */
export function transitionNotice(
  transition: CampaignTransition | null,
): { title: string; message: string; color: string } | null {
  if (transition === null) return null;
  const who = transition.name ? `“${transition.name}”` : `#${transition.campaignId}`;
  switch (transition.to) {
    case 'finished':
      return { color: 'teal', title: 'Campanha concluída', message: `A campanha ${who} enviou todas as mensagens.` };
    case 'paused':
      return { color: 'orange', title: 'Campanha pausada', message: `A campanha ${who} foi pausada.` };
    default:
      return null;
  }
}
