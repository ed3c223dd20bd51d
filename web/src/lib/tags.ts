/**
 * Tags (etiquetas, docs/tags.md), as every screen that shows or picks them knows them: the tags
 * screen (features/tags), the inbox, the customer panel and the kanban board (features/inbox). One
 * list per tenant (at most 200, read whole: pickers and filters show them all), by name, kept in
 * one query (`useTags`) that the socket's `TagsChanged {tags}` rewrites in place (`applyTagsEvent`,
 * called by app/realtime.ts). A tag's `boardPosition` is its column's place on the kanban board.
 * A customer's tags are changed by one request (`changeCustomerTags`) from the customers screen and
 * the inbox's customer panel alike; each writes the answer into its own cache.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { routePath } from '../config/paths';
import { hasPermissionRoute } from './access';
import { http } from './http';
import { useSession } from './session';

/** A tag as a ticket or a customer carries it. */
export const TagRefSchema = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type TagRef = z.infer<typeof TagRefSchema>;

/** A tag of the tenant (GET /api/tags). */
export const TagSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** `#rrggbb`. */
  color: z.string(),
  /** Its column's place on the kanban board (0 first); null: not on the board. */
  boardPosition: z._default(z.nullable(z.number()), null),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tag = z.infer<typeof TagSchema>;

/** Names hold 1 to 40 characters (server/src/domain/tags/mod.rs). */
export const MAX_TAG_NAME = 40;
/** The most columns the board shows. */
export const MAX_BOARD_COLUMNS = 20;
/** The most tags one ticket or customer carries. */
export const MAX_TAGS_PER_SUBJECT = 20;
/** The colour the server gives a tag created without one (Mantine's blue 6). */
export const DEFAULT_TAG_COLOR = '#228be6';

/** The socket's event when the tenant's tags or the board's columns changed (payload `{tags}`). */
export const TAGS_CHANGED_EVENT = 'TagsChanged';

/** The catalogue route of the tags screen (administrators by default). */
export const TAGS_ROUTE = 'tags';

/** The tags screen's path for whoever may keep the tags (route `tags`), else null. */
export function useTagsScreenPath(): string | null {
  const { permissionRoutes } = useSession();
  return hasPermissionRoute(TAGS_ROUTE, permissionRoutes) ? routePath(TAGS_ROUTE) : null;
}

export const tagKeys = {
  /** Every tag of the tenant, by name. */
  list: () => ['tags', 'list'] as const,
};

export function getTags(): Promise<Tag[]> {
  return http.get('/api/tags', { schema: z.array(TagSchema) });
}

/** The tenant's tags; the socket keeps them current, so they are not read again on their own. */
export function useTags(enabled = true) {
  return useQuery({ queryKey: tagKeys.list(), queryFn: getTags, staleTime: 5 * 60 * 1000, enabled });
}

/** The tags in the list's order (by name, accents and case aside), as the server sorts them. */
export function sortTags<T extends { name: string; id: number }>(tags: readonly T[]): T[] {
  return [...tags].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }) || a.id - b.id);
}

/** The board's columns: the tags with a `boardPosition`, in that order. */
export function boardTags(tags: readonly Tag[] | undefined): Tag[] {
  return (tags ?? [])
    .filter((tag) => tag.boardPosition !== null)
    .sort((a, b) => (a.boardPosition ?? 0) - (b.boardPosition ?? 0) || a.id - b.id);
}

/** Writes the tags as they are now into the cache (an answer of ours, or the socket's). */
export function setTags(queryClient: QueryClient, tags: readonly Tag[]): void {
  queryClient.setQueryData<Tag[]>(tagKeys.list(), sortTags(tags));
}

/** Puts one tag, created or changed, into the cached list. */
export function putTag(queryClient: QueryClient, tag: Tag): void {
  const tags = queryClient.getQueryData<Tag[]>(tagKeys.list());
  if (tags) setTags(queryClient, [...tags.filter((other) => other.id !== tag.id), tag]);
}

/** Takes a deleted tag out of the cached list. */
export function dropTag(queryClient: QueryClient, id: number): void {
  const tags = queryClient.getQueryData<Tag[]>(tagKeys.list());
  if (tags)
    setTags(
      queryClient,
      tags.filter((tag) => tag.id !== id),
    );
}

/** The board's new columns (PUT /api/tags/board answers them): every other tag leaves the board. */
export function setBoardColumns(queryClient: QueryClient, columns: readonly Tag[]): void {
  const tags = queryClient.getQueryData<Tag[]>(tagKeys.list());
  if (!tags) return;
  const byId = new Map(columns.map((column) => [column.id, column]));
  setTags(
    queryClient,
    tags.map((tag) => byId.get(tag.id) ?? { ...tag, boardPosition: null }),
  );
}

const TagsChangedEvent = z.object({ tags: z.array(TagSchema) });

/**
 * `TagsChanged {tags}`: the list is written as the event says (no request). Returns the tags, or
 * null for another event; a payload of another shape has the list read again instead.
 */
export function applyTagsEvent(queryClient: QueryClient, event: { event: string; [field: string]: unknown }) {
  if (event.event !== TAGS_CHANGED_EVENT) return null;
  const parsed = TagsChangedEvent.safeParse(event);
  if (!parsed.success) {
    void queryClient.invalidateQueries({ queryKey: tagKeys.list() });
    return null;
  }
  setTags(queryClient, parsed.data.tags);
  return parsed.data.tags;
}

/** Case and accents do not matter to a search ("orcamento" finds "Orçamento"). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Whether a tag's name matches what was typed (accents and case aside; '' matches all). */
export function tagMatches(name: string, search: string): boolean {
  const term = foldText(search);
  return term === '' || foldText(name).includes(term);
}

export interface CustomerTagChange {
  customerId: number;
  add: number[];
  remove: number[];
}

const CustomerTagsSchema = z.object({ tags: z.array(TagRefSchema) });

/**
 * POST /api/customers/{id}/tags `{add, remove}` → `{tags}`, the customer's tags now: it names what
 * changes, never the whole set, so two people tagging at once both land. The server decides who may
 * (403 `customer_tags_forbidden`); `CustomerTagsChanged` tells every other screen.
 */
export async function changeCustomerTags({ customerId, add, remove }: CustomerTagChange): Promise<TagRef[]> {
  const answer = await http.post(`/api/customers/${customerId}/tags`, { add, remove }, { schema: CustomerTagsSchema });
  return answer.tags;
}

/** What to send to go from the tags `before` to the tags `after`: `{add, remove}` by id. */
export function tagChange(before: readonly number[], after: readonly number[]): { add: number[]; remove: number[] } {
  return {
    add: after.filter((id) => !before.includes(id)),
    remove: before.filter((id) => !after.includes(id)),
  };
}

/** Whether a colour is `#rrggbb`, the only form the server takes. */
export function isTagColor(color: string): boolean {
  return /^#[0-9a-f]{6}$/i.test(color.trim());
}

/** WCAG relative luminance of `#rrggbb` (0 black, 1 white). */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two luminances. */
function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * The text colour readable on a tag's colour: black or white, whichever contrasts more — for any
 * colour that is at least 4.58:1 (the better of the two never falls below √21), so a badge passes
 * WCAG AA in the light and the dark scheme alike. An unreadable colour counts as the default blue.
 */
export function readableTextOn(color: string): '#000000' | '#ffffff' {
  const hex = isTagColor(color) ? color.trim() : DEFAULT_TAG_COLOR;
  const own = luminance(hex);
  return contrast(own, 0) >= contrast(own, 1) ? '#000000' : '#ffffff';
}

/** The contrast ratio of a tag's text on its colour (tests and the colour field's hint). */
export function tagTextContrast(color: string): number {
  const hex = isTagColor(color) ? color.trim() : DEFAULT_TAG_COLOR;
  const text = readableTextOn(hex) === '#000000' ? 0 : 1;
  return contrast(luminance(hex), text);
}
