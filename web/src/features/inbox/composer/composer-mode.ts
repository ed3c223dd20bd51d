/**
 * What the composer writes on a ticket: a reply to the customer ("Responder") or an internal note
 * for the staff ("Anotação interna", docs/notes.md). Kept per ticket for as long as the page lives,
 * so coming back to a ticket finds the composer as it was left; a reply starts by default.
 */
import { useCallback, useState } from 'react';

export type ComposerMode = 'reply' | 'note';

const modes = new Map<number, ComposerMode>();

export function useComposerMode(ticketId: number): [ComposerMode, (mode: ComposerMode) => void] {
  const [chosen, setChosen] = useState<{ ticketId: number; mode: ComposerMode } | null>(null);
  const mode = chosen?.ticketId === ticketId ? chosen.mode : (modes.get(ticketId) ?? 'reply');
  const choose = useCallback(
    (next: ComposerMode) => {
      modes.set(ticketId, next);
      setChosen({ ticketId, mode: next });
    },
    [ticketId],
  );
  return [mode, choose];
}
