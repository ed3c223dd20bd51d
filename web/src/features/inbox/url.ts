/**
 * The inbox's state in the URL, so reload, back and a shared link work: `/?tab=mine&ticket=123`,
 * plus `q` (search), `instance` and `tag` (filters), and `message`: a message of the open ticket to
 * show (the message search's links), dropped once it is shown. Anything unreadable falls back to
 * the default.
 */
import { HOME_ROUTE, routePath } from '../../config/paths';
import { isQueueTab, type QueueFilter, type QueueTab } from './keys';

export const DEFAULT_TAB: QueueTab = 'pending';

export interface InboxLocation extends QueueFilter {
  ticketId: number | null;
  /** A message of the open ticket to scroll to and highlight (only with `ticketId`). */
  messageId: number | null;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

export function readInboxLocation(params: URLSearchParams): InboxLocation {
  const tab = params.get('tab');
  return {
    tab: isQueueTab(tab) ? tab : DEFAULT_TAB,
    search: params.get('q') ?? '',
    instanceId: positiveInt(params.get('instance')),
    tagId: positiveInt(params.get('tag')),
    ticketId: positiveInt(params.get('ticket')),
    messageId: positiveInt(params.get('message')),
  };
}

/** The search string of a location (defaults left out). */
export function inboxSearch(location: InboxLocation): string {
  const params = new URLSearchParams();
  if (location.tab !== DEFAULT_TAB) params.set('tab', location.tab);
  if (location.search.trim() !== '') params.set('q', location.search);
  if (location.instanceId !== null) params.set('instance', String(location.instanceId));
  if (location.tagId !== null) params.set('tag', String(location.tagId));
  if (location.ticketId !== null) params.set('ticket', String(location.ticketId));
  if (location.ticketId !== null && location.messageId !== null) params.set('message', String(location.messageId));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The inbox with a ticket open (a notification's link). */
export function inboxTicketPath(ticketId: number): string {
  return `${routePath(HOME_ROUTE)}?ticket=${ticketId}`;
}

/** The inbox on `tab` with a ticket open: `/?tab=mine&ticket=12` (a ticket just given to the user). */
export function inboxTicketPathIn(tab: QueueTab, ticketId: number): string {
  const search = inboxSearch({ tab, search: '', instanceId: null, tagId: null, ticketId, messageId: null });
  return `${routePath(HOME_ROUTE)}${search}`;
}
