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
import { useMentionTargets } from '../api/get-mention-targets';
import type { MentionTarget } from '../api/schemas';
import { filterTargets, mentionTrigger } from './mention-match';
import { usePickerDismissal, usePickerNavigation } from './use-inline-picker';

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
  const trigger = active ? mentionTrigger(text, caret) : null;
  /** The `@` closed with Esc (or just completed): the picker stays closed for it. */
  const dismissal = usePickerDismissal(mentionTrigger);
  const triggered = trigger !== null && !dismissal.isDismissed(trigger);
  const targets = useMentionTargets(ticketId, triggered);
  const query = trigger?.query ?? '';
  const all = triggered && targets.data ? filterTargets(targets.data, query) : [];
  const matches = all.slice(0, MAX_SHOWN_TARGETS);
  // A space typed after a name nobody has: the name ended, the rest is the note's text.
  const open = triggered && (!query.includes(' ') || matches.length > 0);
  const navigation = usePickerNavigation({
    open,
    trigger,
    query,
    matches,
    optionKey: (person) => person.id,
    onDismiss: dismissal.dismiss,
    onChoose: choose,
  });

  function choose(person: MentionTarget) {
    if (!trigger) return;
    const mention = `@${person.name} `;
    const rest = text.slice(trigger.end);
    const next = text.slice(0, trigger.start) + mention + rest.replace(/^ /, '');
    const after = trigger.start + mention.length;
    // The name just written must not open the picker again by itself.
    dismissal.dismissAt(next, after);
    onInsert(next, after, person);
  }

  return {
    open,
    query,
    targets,
    matches,
    /** How many match in all (the list shows `MAX_SHOWN_TARGETS` at most). */
    total: all.length,
    // The option in focus, the keys, the pointer and the text box's side of the pattern (while open).
    ...navigation,
    choose,
    /** The note or the caret changed: an `@` other than the one closed opens the picker again. */
    track: dismissal.track,
  };
}
