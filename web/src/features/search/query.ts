/**
 * The searched text as the URL keeps it (`/search?q=boletos`, so a reload, back and a shared link
 * show the same results) and when it is worth asking: 2 to 100 characters once trimmed. Whether it
 * holds a letter or digit is the server's to say (422 `invalid_search`, its message shown).
 */

/** The URL's parameter. */
export const QUERY_PARAM = 'q';
export const MIN_QUERY_LENGTH = 2;
export const MAX_QUERY_LENGTH = 100;

/** The text to search for: trimmed, inner runs of spaces made one. */
export function normalizeQuery(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** Whether `query` (normalised) is long enough to be asked for. */
export function isSearchable(query: string): boolean {
  return query.length >= MIN_QUERY_LENGTH && query.length <= MAX_QUERY_LENGTH;
}

/** The query read from the URL ('' when absent). */
export function readQuery(params: URLSearchParams): string {
  return normalizeQuery(params.get(QUERY_PARAM) ?? '').slice(0, MAX_QUERY_LENGTH);
}
