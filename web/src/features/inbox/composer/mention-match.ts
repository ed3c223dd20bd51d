/**
 * A note's `@` mentions (docs/notes.md): where an `@name` is being typed, who matches it, which of
 * the people picked are still named in the text, and where a note's text names someone (the bubble
 * marks those).
 *
 * Matching ignores case and accents (`@joao` finds João, `@Conceicao` finds Conceição) as the `/`
 * picker does (quick-reply-match.ts `fold`): a name that starts with what was typed comes first,
 * then one with a later word that does, each in the server's order (by name).
 */
import { fold } from './quick-reply-match';

/** The `@query` the caret is at: where the `@` is, where the query ends (the caret) and the query. */
export interface MentionTrigger {
  /** Index of the `@`. */
  start: number;
  /** Index after the query (the caret). */
  end: number;
  /** What follows the `@`, up to the caret (may be ''). */
  query: string;
}

/** The longest `@query` the picker follows: a name of a few words. */
const MAX_QUERY_LENGTH = 40;

/**
 * The `@query` ending at `caret`: an `@` at the start of the text or after whitespace, followed by
 * a name being typed — letters and at most two single spaces between words (`@Ana Paula Sou`), no
 * other `@`, no line break. Null elsewhere (an e-mail `ana@loja.com`, an `@` after a space already
 * typed past the name).
 */
export function mentionTrigger(text: string, caret: number): MentionTrigger | null {
  if (caret < 1 || caret > text.length) return null;
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('@');
  if (start < 0 || caret - start - 1 > MAX_QUERY_LENGTH) return null;
  if (start > 0 && !/\s/.test(before.charAt(start - 1))) return null;
  const query = before.slice(start + 1);
  if (/^\s/.test(query) || /\s\s|[\n\r\t]/.test(query)) return null;
  if ((query.match(/ /g) ?? []).length > 2) return null;
  if (!/^[\p{L}\p{M}\p{N} .'’-]*$/u.test(query)) return null;
  return { start, end: caret, query };
}

/** The people whose name matches `query`, best first (the server's order among equals). */
export function filterTargets<T extends { name: string }>(people: readonly T[], query: string): T[] {
  const q = fold(query.trim());
  if (q === '') return [...people];
  const starts: T[] = [];
  const words: T[] = [];
  for (const person of people) {
    const name = fold(person.name);
    if (name.startsWith(q)) starts.push(person);
    else if (name.split(/[^\p{L}\p{N}]+/u).some((word, index) => index > 0 && word.startsWith(q))) words.push(person);
    else if (q.includes(' ') && name.includes(` ${q}`)) words.push(person);
  }
  return [...starts, ...words];
}

/** What ends a name typed after `@`: anything but a letter, a digit or an accent. */
function endsName(text: string, at: number): boolean {
  return at >= text.length || !/[\p{L}\p{M}\p{N}]/u.test(text.charAt(at));
}

/** Where `@name` is written whole in `text` (not as the start of a longer name), as [from, to) spans. */
function spansOf(text: string, name: string): Array<[number, number]> {
  const token = `@${name}`;
  const spans: Array<[number, number]> = [];
  for (let at = text.indexOf(token); at >= 0; at = text.indexOf(token, at + 1)) {
    if (endsName(text, at + token.length)) spans.push([at, at + token.length]);
  }
  return spans;
}

/**
 * Of the people picked while writing, those whose `@Name` is still in the text (a mention deleted or
 * edited afterwards names nobody), each once; a longer name is matched first, so `@Ana Paula` does
 * not also name a picked Ana.
 */
export function stillMentioned<T extends { id: number; name: string }>(text: string, picked: readonly T[]): T[] {
  const taken: Array<[number, number]> = [];
  const found = new Set<number>();
  const longestFirst = [...picked].sort((a, b) => b.name.length - a.name.length);
  for (const person of longestFirst) {
    for (const [from, to] of spansOf(text, person.name)) {
      if (taken.some(([a, b]) => from < b && a < to)) continue;
      taken.push([from, to]);
      found.add(person.id);
    }
  }
  return picked.filter(
    (person, index) => found.has(person.id) && picked.findIndex((p) => p.id === person.id) === index,
  );
}

/** A piece of a note's text: plain, or a mention (`@Nome Sobrenome`). */
export interface NoteSegment {
  text: string;
  mention: boolean;
}

/** Lowercase particles a Brazilian name keeps between its capitalised words ("Maria da Silva"). */
const PARTICLE = String.raw`(?:da|das|de|do|dos)`;
/** A capitalised word of a name ("Souza", "D'Ávila"). */
const CAPITALISED = String.raw`\p{Lu}[\p{L}\p{M}'’-]*`;
/** A mention nobody listed: `@` and a word, then capitalised words (with particles between them). */
const GUESSED = new RegExp(String.raw`^@[\p{L}\p{N}][\p{L}\p{M}\p{N}'’-]*(?: (?:${PARTICLE} )?${CAPITALISED})*`, 'u');

/**
 * A note's text cut into plain pieces and mentions. An `@` at the start or after whitespace is a
 * mention of the longest of `names` (the people this page knows) written after it, else of its word
 * and the capitalised words that follow (`@Carlos Souza, pode ver?` → `@Carlos Souza`).
 */
export function noteSegments(text: string, names: readonly string[] = []): NoteSegment[] {
  const known = [...new Set(names)].filter(Boolean).sort((a, b) => b.length - a.length);
  const segments: NoteSegment[] = [];
  let plainFrom = 0;
  let at = text.indexOf('@');
  while (at >= 0) {
    let length = 0;
    if (at === 0 || /\s/.test(text.charAt(at - 1))) {
      const name = known.find((n) => text.startsWith(`@${n}`, at) && endsName(text, at + n.length + 1));
      length = name !== undefined ? name.length + 1 : (GUESSED.exec(text.slice(at))?.[0].length ?? 0);
    }
    if (length > 0) {
      if (at > plainFrom) segments.push({ text: text.slice(plainFrom, at), mention: false });
      segments.push({ text: text.slice(at, at + length), mention: true });
      plainFrom = at + length;
    }
    at = text.indexOf('@', Math.max(at + 1, plainFrom));
  }
  if (plainFrom < text.length) segments.push({ text: text.slice(plainFrom), mention: false });
  return segments;
}
