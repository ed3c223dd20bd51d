/**
 * Query keys of the inbox and the queue's filters. Every key starts with `['inbox']`, so a
 * reconnected socket (events may have been missed) refreshes the whole inbox at once.
 */
import { INBOX_QUERY_KEY, QUICK_REPLIES_SEGMENT } from '../../lib/query-keys';
import type { ColumnQuery } from './board/columns';

export const INBOX_KEY = INBOX_QUERY_KEY;

/**
 * The queue's tabs (in the URL as `tab`): waiting, mine, being transferred, held by the chatbot
 * (shown only where the tenant has it: `Queue`), closed.
 */
export const QUEUE_TABS = ['pending', 'mine', 'transferring', 'bot', 'closed'] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];

export function isQueueTab(value: string | null): value is QueueTab {
  return QUEUE_TABS.some((tab) => tab === value);
}

/**
 * The tabs the queue shows: "Com o bot" only where the chatbot can hold anything — the tenant has
 * it (`chatbot`: the user info's `features`; null when unknown), it holds tickets now (`counts`),
 * or the tab is the one open (a link to it).
 */
export function visibleTabs(
  chatbot: boolean | null,
  counts: { bot: number } | undefined,
  current: QueueTab,
): QueueTab[] {
  return QUEUE_TABS.filter((tab) => tab !== 'bot' || chatbot === true || (counts?.bot ?? 0) > 0 || current === 'bot');
}

/** What one list of the queue shows. */
export interface QueueFilter {
  tab: QueueTab;
  /** Customer name, phone or protocol; '' for none. */
  search: string;
  instanceId: number | null;
  /** Only the tickets with this tag (docs/tags.md); null for any. */
  tagId: number | null;
}

export const inboxKeys = {
  /** Every list of the queue (`['inbox','tickets', filter]`). */
  lists: () => [...INBOX_KEY, 'tickets'] as const,
  list: (filter: QueueFilter) => [...INBOX_KEY, 'tickets', filter] as const,
  /** The queue's counts, written by every list read (the tabs show them whatever list is open). */
  counts: () => [...INBOX_KEY, 'counts'] as const,
  tickets: () => [...INBOX_KEY, 'ticket'] as const,
  ticket: (id: number) => [...INBOX_KEY, 'ticket', id] as const,
  conversations: () => [...INBOX_KEY, 'messages'] as const,
  messages: (ticketId: number) => [...INBOX_KEY, 'messages', ticketId] as const,
  allTransfers: () => [...INBOX_KEY, 'transfers'] as const,
  transfers: (ticketId: number) => [...INBOX_KEY, 'transfers', ticketId] as const,
  transferTargets: (ticketId: number) => [...INBOX_KEY, 'transfer-targets', ticketId] as const,
  customers: () => [...INBOX_KEY, 'customer'] as const,
  customer: (id: number) => [...INBOX_KEY, 'customer', id] as const,
  closingReasons: () => [...INBOX_KEY, 'closing-reasons'] as const,
  /** The instances the queue can be filtered by (GET /api/inbox/instances). */
  instances: () => [...INBOX_KEY, 'instances'] as const,
  /** Every column of the kanban board (`board/`), whatever it shows. */
  boards: () => [...INBOX_KEY, 'board'] as const,
  /** One column of the board, page after page (GET /api/tickets with the column's filter). */
  boardColumn: (query: ColumnQuery) => [...INBOX_KEY, 'board', query] as const,
  /** A channel's media limits (GET /api/media/limits?instanceId=). */
  mediaLimits: () => [...INBOX_KEY, 'media-limits'] as const,
  /** Every instance's message templates, and one instance's (GET /api/templates?instanceId=). */
  allTemplates: () => [...INBOX_KEY, 'templates'] as const,
  templates: (instanceId: number) => [...INBOX_KEY, 'templates', instanceId] as const,
  /** A ticket's quick replies, filled for it (the composer's `/` picker; `QUICK_REPLIES_SEGMENT`). */
  quickReplies: (ticketId: number) => [...INBOX_KEY, QUICK_REPLIES_SEGMENT, ticketId] as const,
  /** Who a note on the ticket may mention (the `@` picker; GET /api/tickets/{id}/mention-targets). */
  allMentionTargets: () => [...INBOX_KEY, 'mention-targets'] as const,
  mentionTargets: (ticketId: number) => [...INBOX_KEY, 'mention-targets', ticketId] as const,
};
