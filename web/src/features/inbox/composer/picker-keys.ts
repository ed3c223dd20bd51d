import type { KeyboardEvent } from 'react';

/** What a composer's inline picker (`/` quick replies, `@` mentions) does with the keys. */
export interface PickerKeyActions {
  /** Options shown now. */
  count: number;
  /** Moves the highlighted option by `step` (wrapping). */
  move: (step: number) => void;
  /** Closes the picker on this trigger (Escape). */
  dismiss: () => void;
  /** Inserts the highlighted option; false when none is. */
  choose: () => boolean;
}

/**
 * The text box's keys while an inline picker is open: ArrowUp/Down move, Escape closes, Enter and
 * Tab insert (Shift+Enter stays a new line). Answers whether the picker took the key.
 */
export function pickerKey(event: KeyboardEvent<HTMLTextAreaElement>, actions: PickerKeyActions): boolean {
  const move = (step: number) => {
    event.preventDefault();
    if (actions.count > 0) actions.move(step);
  };
  switch (event.key) {
    case 'ArrowDown':
      move(1);
      return true;
    case 'ArrowUp':
      move(-1);
      return true;
    case 'Escape':
      event.preventDefault();
      event.stopPropagation();
      actions.dismiss();
      return true;
    case 'Enter':
      if (event.shiftKey) return false;
      event.preventDefault();
      actions.choose();
      return true;
    case 'Tab':
      if (event.shiftKey) return false;
      if (!actions.choose()) return false;
      event.preventDefault();
      return true;
    default:
      return false;
  }
}
