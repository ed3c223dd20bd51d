/**
 * The composer's `/` picker: where a `/shortcut` is being typed, and which replies match it.
 *
 * Matching ignores case and accents ("/boletó" finds `boleto`) and ranks, best first: the shortcut
 * starts with the query, the shortcut holds it, a word of the text starts with it, the shortcut
 * holds its letters in order (a subsequence: "/bto" finds `boleto`). Within a rank the exact
 * shortcut comes first, then a tighter subsequence, then the server's order (most used first).
 */

/** Lowercase, without accents: what matching compares. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The `/query` the caret is at: where the `/` is, where the query ends (the caret) and the query. */
export interface SlashTrigger {
  /** Index of the `/`. */
  start: number;
  /** Index after the query (the caret). */
  end: number;
  /** What follows the `/`, up to the caret (may be ''). */
  query: string;
}

/**
 * The `/query` ending at `caret`: a `/` at the start of the text or after whitespace, followed by
 * no whitespace and no other `/` up to the caret. Null elsewhere (a link's `https://x/y`, a date
 * `12/05`, a word after a space).
 */
export function slashTrigger(text: string, caret: number): SlashTrigger | null {
  if (caret < 1 || caret > text.length) return null;
  let start = caret - 1;
  while (start >= 0 && !/\s/.test(text.charAt(start))) start -= 1;
  start += 1;
  if (text.charAt(start) !== '/') return null;
  const query = text.slice(start + 1, caret);
  if (query.includes('/')) return null;
  return { start, end: caret, query };
}

/** How well a reply matches: higher is better. */
export const MatchRank = {
  Subsequence: 1,
  TextWordPrefix: 2,
  ShortcutSubstring: 3,
  ShortcutPrefix: 4,
} as const;
export type MatchRank = (typeof MatchRank)[keyof typeof MatchRank];

export interface ReplyMatch {
  rank: MatchRank;
  /** Tie-breakers within the rank, lower first: 0 for the exact shortcut, else the subsequence's spread. */
  spread: number;
}

/** The letters of `query` found in order in `target`: how far apart (0 = contiguous), else null. */
function subsequenceSpread(query: string, target: string): number | null {
  let from = 0;
  let first = -1;
  for (const char of query) {
    const at = target.indexOf(char, from);
    if (at < 0) return null;
    if (first < 0) first = at;
    from = at + 1;
  }
  return from - first - query.length;
}

/** Words of a folded text: runs of letters and digits. */
function words(folded: string): string[] {
  return folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * How `query` (what follows the `/`) matches a reply's shortcut and text; null when it does not.
 * An empty query matches everything at the lowest tie.
 */
export function matchReply(query: string, reply: { shortcut: string; text: string }): ReplyMatch | null {
  const q = fold(query.trim()).replace(/^\/+/, '');
  const shortcut = fold(reply.shortcut);
  if (q === '') return { rank: MatchRank.ShortcutPrefix, spread: 1 };
  if (shortcut.startsWith(q)) return { rank: MatchRank.ShortcutPrefix, spread: shortcut === q ? 0 : 1 };
  if (shortcut.includes(q)) return { rank: MatchRank.ShortcutSubstring, spread: 1 };
  if (words(fold(reply.text)).some((word) => word.startsWith(q))) return { rank: MatchRank.TextWordPrefix, spread: 1 };
  const spread = subsequenceSpread(q, shortcut);
  return spread === null ? null : { rank: MatchRank.Subsequence, spread };
}

/** The replies matching `query`, best first (the server's order among equals). */
export function filterReplies<T extends { shortcut: string; text: string }>(replies: readonly T[], query: string): T[] {
  return replies
    .map((reply, index) => ({ reply, index, match: matchReply(query, reply) }))
    .filter((entry): entry is { reply: T; index: number; match: ReplyMatch } => entry.match !== null)
    .sort((a, b) => b.match.rank - a.match.rank || a.match.spread - b.match.spread || a.index - b.index)
    .map((entry) => entry.reply);
}
