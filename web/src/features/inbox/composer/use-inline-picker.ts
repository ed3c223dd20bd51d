/**
 * What the composer's inline pickers (`/` quick replies, use-quick-reply-picker.ts; `@` mentions,
 * use-mention-picker.ts) share, so both close, move and choose alike:
 *
 * - `usePickerDismissal`: the trigger closed with Esc (or just completed by a choice) keeps the
 *   picker closed until the text or the caret reach another one;
 * - `usePickerNavigation`: the option in focus belongs to one query (a new query starts at the
 *   top), ↑/↓ move it round, Enter/Tab choose it and Esc closes (picker-keys.ts), the pointer over
 *   an option focuses it, and the text box points at the list and at the option in focus.
 *
 * Each picker keeps what opens it, what matches and what choosing does.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { pickerKey } from './picker-keys';

/** Where a trigger (`/query`, `@query`) is in the text: `start` is its `/` or `@`. */
interface Trigger {
  start: number;
}

/** `find`: the trigger a text has at its caret (quick-reply-match.ts `slashTrigger`, mention-match.ts `mentionTrigger`). */
export function usePickerDismissal(find: (text: string, caret: number) => Trigger | null) {
  /** Where the trigger closed is: the picker stays closed for it. */
  const [dismissed, setDismissed] = useState<number | null>(null);
  return {
    /** Whether the picker stays closed for `trigger`. */
    isDismissed: (trigger: Trigger) => trigger.start === dismissed,
    /** Closes the picker on the trigger starting at `start` (Esc). */
    dismiss: (start: number) => setDismissed(start),
    /** Text was just written, the caret at `caret`: a trigger it ends in must not open the picker by itself. */
    dismissAt: (text: string, caret: number) => setDismissed(find(text, caret)?.start ?? null),
    /** The text or the caret changed: a trigger other than the one closed opens the picker again. */
    track: (nextText: string, nextCaret: number) => {
      if (dismissed === null) return;
      if (find(nextText, nextCaret)?.start !== dismissed) setDismissed(null);
    },
  };
}

export interface PickerNavigationOptions<T> {
  /** The picker shows. */
  open: boolean;
  /** The trigger at the caret (null: none). */
  trigger: Trigger | null;
  /** What follows the trigger: the focus starts at the top again when it changes. */
  query: string;
  /** The options shown, best first. */
  matches: readonly T[];
  /** What names an option in its element's id. */
  optionKey: (option: T) => string | number;
  /** Esc: closes the picker on the trigger starting at `start`. */
  onDismiss: (start: number) => void;
  /** Enter, Tab (or the caller's click): the option chosen. */
  onChoose: (option: T) => void;
}

export function usePickerNavigation<T>({
  open,
  trigger,
  query,
  matches,
  optionKey,
  onDismiss,
  onChoose,
}: PickerNavigationOptions<T>) {
  const listId = useId();
  const [focus, setFocus] = useState({ query, index: 0 });
  const index = focus.query === query && focus.index < matches.length ? focus.index : 0;
  // Options show only while the picker is open: one in focus means it is.
  const current = matches[index] ?? null;
  const optionId = (option: T) => `${listId}-option-${optionKey(option)}`;

  /** The text box's keys while the picker is open; true when the picker took the key. */
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean {
    if (!open || !trigger || event.nativeEvent.isComposing) return false;
    const start = trigger.start;
    return pickerKey(event, {
      count: matches.length,
      move: (step) => setFocus({ query, index: (index + step + matches.length) % matches.length }),
      dismiss: () => onDismiss(start),
      choose: () => {
        if (!current) return false;
        onChoose(current);
        return true;
      },
    });
  }

  return {
    index,
    listId,
    optionId,
    onKeyDown,
    /** Moves the focus to an option (the pointer over it). */
    hover: (at: number) => setFocus({ query, index: at }),
    /** The text box's side of the pattern: the list it controls and the option in focus. */
    textboxProps: {
      'aria-controls': open && matches.length > 0 ? listId : undefined,
      'aria-activedescendant': open && current ? optionId(current) : undefined,
    },
  };
}
