/**
 * Where a note's text names someone (`@Nome`): those parts are highlighted in the list. A name the
 * page knows (the person's own, several words) is matched whole, ignoring case and accents;
 * otherwise an `@` at the start or after a space marks the word after it (`@Carlos`).
 */

export interface NoteSegment {
  text: string;
  mention: boolean;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const WORD = /^[\p{L}\p{M}\p{N}_'’.-]*[\p{L}\p{M}\p{N}_]/u;
const NAME_CHAR = /[\p{L}\p{M}\p{N}_]/u;

/** How long the mention at `at` (an `@`) is, 0 when there is none. */
function mentionLength(body: string, at: number, names: readonly string[]): number {
  for (const name of names) {
    const candidate = body.slice(at + 1, at + 1 + name.length);
    const after = body.charAt(at + 1 + name.length);
    if (fold(candidate) === fold(name) && !NAME_CHAR.test(after)) return name.length + 1;
  }
  const word = WORD.exec(body.slice(at + 1));
  return word ? word[0].length + 1 : 0;
}

/** The note's text in parts, the mentions apart. `names`: known names, matched whole first. */
export function noteSegments(body: string, names: readonly string[] = []): NoteSegment[] {
  const known = names
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .sort((a, b) => b.length - a.length);
  const segments: NoteSegment[] = [];
  let plain = '';
  let index = 0;
  while (index < body.length) {
    const starts = body.charAt(index) === '@' && (index === 0 || /\s/.test(body.charAt(index - 1)));
    const length = starts ? mentionLength(body, index, known) : 0;
    if (length > 0) {
      if (plain) segments.push({ text: plain, mention: false });
      plain = '';
      segments.push({ text: body.slice(index, index + length), mention: true });
      index += length;
    } else {
      plain += body.charAt(index);
      index += 1;
    }
  }
  if (plain) segments.push({ text: plain, mention: false });
  return segments;
}
