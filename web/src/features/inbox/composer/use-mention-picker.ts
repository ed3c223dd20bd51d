/**
 * The note's `@` picker (docs/notes.md): typing `@` at the start of the note or after whitespace
 * opens the people a note on the ticket may mention (read once per ticket, api/get-mention-targets.ts)
 * above the text box, filtered by the name typed after the `@` (mention-match.ts, accents and case
 * ignored). ↑/↓ move, Enter, Tab or a click write `@Nome Sobrenome ` in place of the `@query` (the
 * caret after it) and hand the person to the composer, which names them on send if their `@Name` is
 * still in the text; Esc closes until another `@` is typed; while it is open Enter never sends. A
 * query with a space that matches nobody is just text (the name ended): the picker stays closed.
 *
 * The text box keeps its `textbox` role, as with the `/` picker (use-quick-reply-picker.ts): it
 * points at the list with `aria-controls` and at the option in focus with `aria-activedescendant`.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useMentionTargets } from '../api/get-mention-targets';
import type { MentionTarget } from '../api/schemas';
import { filterTargets, mentionTrigger } from './mention-match';
import { pickerKey } from './picker-keys';

/** The most people the list shows at once (the rest are one more letter away). */
export const MAX_SHOWN_TARGETS = 50;

export interface MentionPickerOptions {
  ticketId: number;
  /** The note as typed, and where the caret is. */
  text: string;
  caret: number;
  /** The text box has the focus and shows (the picker opens only then). */
  active: boolean;
  /** Writes the note with a mention inserted, the caret at `caret`; `person` is whom it names. */
  onInsert: (text: string, caret: number, person: MentionTarget) => void;
}

export type MentionPicker = ReturnType<typeof useMentionPicker>;

export function useMentionPicker({ ticketId, text, caret, active, onInsert }: MentionPickerOptions) {
  const listId = useId();
  const trigger = active ? mentionTrigger(text, caret) : null;
  /** Where the `@` closed with Esc (or just completed) is: the picker stays closed for it. */
  const [dismissed, setDismissed] = useState<number | null>(null);
  const triggered = trigger !== null && trigger.start !== dismissed;
  const targets = useMentionTargets(ticketId, triggered);
  const query = trigger?.query ?? '';
  const all = triggered && targets.data ? filterTargets(targets.data, query) : [];
  const matches = all.slice(0, MAX_SHOWN_TARGETS);
  // A space typed after a name nobody has: the name ended, the rest is the note's text.
  const open = triggered && (!query.includes(' ') || matches.length > 0);
  const [focus, setFocus] = useState({ query, index: 0 });
  const index = focus.query === query && focus.index < matches.length ? focus.index : 0;
  const current = open ? (matches[index] ?? null) : null;
  const optionId = (person: MentionTarget) => `${listId}-option-${person.id}`;

  function choose(person: MentionTarget) {
    if (!trigger) return;
    const mention = `@${person.name} `;
    const rest = text.slice(trigger.end);
    const next = text.slice(0, trigger.start) + mention + rest.replace(/^ /, '');
    const after = trigger.start + mention.length;
    // The name just written must not open the picker again by itself.
    setDismissed(mentionTrigger(next, after)?.start ?? null);
    onInsert(next, after, person);
  }

  /** The note or the caret changed: an `@` other than the one closed opens the picker again. */
  function track(nextText: string, nextCaret: number) {
    if (dismissed === null) return;
    if (mentionTrigger(nextText, nextCaret)?.start !== dismissed) setDismissed(null);
  }

  /** The text box's keys while the picker is open; true when the picker took the key. */
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open || !trigger || event.nativeEvent.isComposing) return false;
    const start = trigger.start;
    return pickerKey(event, {
      count: matches.length,
      move: (step) => setFocus({ query, index: (index + step + matches.length) % matches.length }),
      dismiss: () => setDismissed(start),
      choose: () => {
        if (!current) return false;
        choose(current);
        return true;
      },
    });
  }

  return {
    open,
    query,
    targets,
    matches,
    /** How many match in all (the list shows `MAX_SHOWN_TARGETS` at most). */
    total: all.length,
    index,
    listId,
    optionId,
    choose,
    track,
    onKeyDown,
    /** Moves the focus to an option (the pointer over it). */
    hover: (at: number) => setFocus({ query, index: at }),
    /** The text box's side of the pattern (while open). */
    textboxProps: {
      'aria-controls': open && matches.length > 0 ? listId : undefined,
      'aria-activedescendant': current ? optionId(current) : undefined,
    },
  };
}
