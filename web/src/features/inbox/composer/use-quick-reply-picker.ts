/**
 * The composer's `/` picker (docs/quick-replies.md): typing `/` at the start of the message or
 * after whitespace opens the ticket's quick replies above the text box, filtered by what follows
 * the `/` (quick-reply-match.ts). ↑/↓ move, Enter, Tab or a click insert the reply's filled text in
 * place of the `/query` (the caret after it), Esc closes until another `/` is typed; while it is
 * open Enter never sends. A reply with a variable this ticket has no value for (`missing`) is not
 * inserted: choosing it says why.
 *
 * A reply that sends a file puts the file in the composer's tray (`onAttachment`), its filled text
 * as the caption; one that sends an approved template opens the template sending with it chosen and
 * its values filled (`onTemplate`) — there a value still missing is typed before it goes. Either
 * takes the `/query` out of the text.
 *
 * The text box keeps its `textbox` role (tests, e2e and screen readers know it as "Mensagem"); it
 * points at the list with `aria-controls` and at the option in focus with `aria-activedescendant`,
 * and says it offers one (`aria-haspopup="listbox"`, `aria-autocomplete="list"`). `aria-expanded`
 * is left out: ARIA does not allow it on a textbox (axe: `aria-allowed-attr`, critical), and a
 * `combobox` role would rename the box.
 *
 * The replies inserted are remembered per ticket, with the text each put in; the next text message
 * names those whose text is still whole in it (`takeQuickReplyIds`) as `quickReplyIds`, each
 * counting a use — one edited or deleted afterwards is not counted.
 */
import { useState } from 'react';
import { variableToken } from '../../../lib/quick-replies';
import { useTicketQuickReplies, type FilledReply } from '../api/get-quick-replies';
import { MAX_QUICK_REPLIES_PER_MESSAGE } from '../api/send-message';
import { filterReplies, slashTrigger, type SlashTrigger } from './quick-reply-match';
import { usePickerDismissal, usePickerNavigation } from './use-inline-picker';

/** The replies inserted in each ticket's draft since its last message, by id, with the text each put in. */
const inserted = new Map<number, Map<number, string>>();

/**
 * The ids of the replies inserted in the ticket's draft whose text is still whole in `body`, the
 * message being sent (at most `MAX_QUICK_REPLIES_PER_MESSAGE`); the ticket's record starts over.
 */
export function takeQuickReplyIds(ticketId: number, body: string): number[] {
  const used = inserted.get(ticketId);
  inserted.delete(ticketId);
  if (!used) return [];
  return [...used]
    .filter(([, text]) => body.includes(text.trim()))
    .map(([id]) => id)
    .slice(0, MAX_QUICK_REPLIES_PER_MESSAGE);
}

/** Why a reply cannot be inserted here: its variables with no value on this ticket. */
export function missingText(reply: Pick<FilledReply, 'missing'>): string {
  return `Sem valor neste atendimento: ${reply.missing.map(variableToken).join(', ')}`;
}

export interface QuickReplyPickerOptions {
  ticketId: number;
  /** The message as typed, and where the caret is. */
  text: string;
  caret: number;
  /** The text box has the focus and shows (the picker opens only then). */
  active: boolean;
  /** Writes the message with a reply inserted, the caret at `caret`. */
  onInsert: (text: string, caret: number) => void;
  /** A reply with a file chosen: its file goes to the tray, its text as the caption. */
  onAttachment?: (reply: FilledReply) => void;
  /**
   * A reply with a template chosen: the template sending opens with it. Answers why it cannot
   * (null: it opened).
   */
  onTemplate?: (reply: FilledReply) => string | null;
}

/** Why a template reply cannot be used where templates are not sent. */
export const NO_TEMPLATES_HERE = 'Modelos aprovados só são enviados por números oficiais.';

export type QuickReplyPicker = ReturnType<typeof useQuickReplyPicker>;

export function useQuickReplyPicker({
  ticketId,
  text,
  caret,
  active,
  onInsert,
  onAttachment,
  onTemplate,
}: QuickReplyPickerOptions) {
  const trigger = slashTrigger(text, caret);
  /** The `/` closed with Esc (or just completed): the picker stays closed for it. */
  const dismissal = usePickerDismissal(slashTrigger);
  const open = active && trigger !== null && !dismissal.isDismissed(trigger);
  const replies = useTicketQuickReplies(ticketId, open);
  const query = trigger?.query ?? '';
  const matches = open && replies.data ? filterReplies(replies.data, query) : [];
  // The option in focus and the refusal shown belong to one query: a new one starts at the top.
  const navigation = usePickerNavigation({
    open,
    trigger,
    query,
    matches,
    optionKey: (reply) => reply.id,
    onDismiss: dismissal.dismiss,
    onChoose: choose,
  });
  const [refusal, setRefusal] = useState<{ query: string; text: string } | null>(null);
  const notice = refusal && refusal.query === query ? refusal.text : null;

  /** Takes the `/query` out of the text (a file or a template goes instead). */
  function takeQuery(at: SlashTrigger) {
    const next = text.slice(0, at.start) + text.slice(at.end);
    dismissal.dismissAt(next, at.start);
    setRefusal(null);
    onInsert(next, at.start);
  }

  function choose(reply: FilledReply) {
    if (!trigger) return;
    if (reply.template) {
      const refused = onTemplate ? onTemplate(reply) : NO_TEMPLATES_HERE;
      if (refused) setRefusal({ query, text: `Não dá para usar /${reply.shortcut} aqui. ${refused}` });
      else takeQuery(trigger);
      return;
    }
    if (reply.missing.length > 0) {
      setRefusal({ query, text: `Não dá para inserir /${reply.shortcut} aqui. ${missingText(reply)}.` });
      return;
    }
    if (reply.attachment && onAttachment) {
      takeQuery(trigger);
      onAttachment(reply);
      return;
    }
    const next = text.slice(0, trigger.start) + reply.text + text.slice(trigger.end);
    const after = trigger.start + reply.text.length;
    const replies = inserted.get(ticketId) ?? new Map<number, string>();
    replies.set(reply.id, reply.text);
    inserted.set(ticketId, replies);
    // A reply ending in " /algo" must not open the picker again by itself.
    dismissal.dismissAt(next, after);
    setRefusal(null);
    onInsert(next, after);
  }

  return {
    open,
    query,
    replies,
    matches,
    notice,
    // The option in focus, the keys and the pointer (textboxProps below adds to its own).
    ...navigation,
    choose,
    /** The message or the caret changed: a `/` other than the one closed opens the picker again. */
    track: dismissal.track,
    /** The text box's side of the pattern. */
    textboxProps: {
      'aria-autocomplete': 'list' as const,
      'aria-haspopup': 'listbox' as const,
      ...navigation.textboxProps,
    },
  };
}
