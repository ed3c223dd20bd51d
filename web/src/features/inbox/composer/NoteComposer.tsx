/**
 * Writing an internal note (docs/notes.md): what the staff tell each other about a ticket, never
 * sent to the customer — so the composer turns amber, and holds only text: no files, voice, places,
 * contact cards nor templates (nor WhatsApp's 24-hour window, which is about the customer). Anyone
 * who sees the ticket may write one, whoever owns it and whatever its status.
 *
 * Enter sends, Shift+Enter starts a new line; the text and the people picked are kept per ticket
 * while switching between tickets. `@` opens the people a note may mention (`MentionPicker`,
 * use-mention-picker.ts): the one chosen goes in as `@Nome Sobrenome `, and the note names those
 * whose `@Name` is still in its text (`mentionedUserIds`). Someone who does not see the ticket is
 * only mentioned once the writer agrees to share it with them (`ShareMentionDialog`,
 * `shareWithMentioned`). `/` still opens the quick replies. A note the server refuses (422, 404:
 * a mention, too long…) comes back into the box with the server's reason above it.
 */
import { ActionIcon, Box, Text, Textarea, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import type { MentionTarget, WrittenNote } from '../api/schemas';
import { MAX_MENTIONS_PER_NOTE, MAX_NOTE_LENGTH, refusedNote } from '../api/write-note';
import inbox from '../components/Inbox.module.css';
import classes from './composer.module.css';
import { MentionPicker } from './MentionPicker';
import { stillMentioned } from './mention-match';
import { QuickReplyPicker } from './QuickReplyPicker';
import { namesList } from './share-text';
import { ShareMentionDialog } from './ShareMentionDialog';
import { useMentionPicker } from './use-mention-picker';
import { useQuickReplyPicker } from './use-quick-reply-picker';

/** What the note box says while empty. */
export const NOTE_PLACEHOLDER = 'Escreva uma anotação para a equipe — o cliente não vê. Use @ para mencionar.';

/** A note to send (the caller adds its `clientId`). */
export interface NoteSend {
  body: string;
  mentionedUserIds: number[];
  shareWithMentioned: boolean;
}

export interface NoteComposerProps {
  ticketId: number;
  /** Sends the note; rejects as the server refused it (`refusedNote`) or failed. */
  onSend: (note: NoteSend) => Promise<WrittenNote>;
}

interface Draft {
  text: string;
  /** The people picked with `@` while writing it. */
  picked: MentionTarget[];
}

/** Unsent notes per ticket, for as long as the page lives. */
const drafts = new Map<number, Draft>();

export function NoteComposer({ ticketId, onSend }: NoteComposerProps) {
  const [draft, setDraft] = useState<Draft>(() => drafts.get(ticketId) ?? { text: '', picked: [] });
  const { text, picked } = draft;
  const [caret, setCaret] = useState(text.length);
  const [focused, setFocused] = useState(false);
  /** Where to put the caret once a mention or a reply is in the text box. */
  const insertedCaret = useRef<number | null>(null);
  /** Why the last note was refused (the server's words). */
  const [problem, setProblem] = useState<string | null>(null);
  /** A note waiting for "Compartilhar e enviar", and who it would share the ticket with. */
  const [asking, setAsking] = useState<{ note: NoteSend; people: MentionTarget[] } | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  function save(next: Draft) {
    setDraft(next);
    if (next.text) drafts.set(ticketId, next);
    else drafts.delete(ticketId);
  }

  function inserted(next: string, at: number, person?: MentionTarget) {
    const people = person && !picked.some((p) => p.id === person.id) ? [...picked, person] : picked;
    save({ text: next, picked: people });
    setCaret(at);
    insertedCaret.current = at;
  }

  const mentions = useMentionPicker({ ticketId, text, caret, active: focused, onInsert: inserted });
  const quickReplies = useQuickReplyPicker({
    ticketId,
    text,
    caret,
    active: focused && !mentions.open,
    onInsert: (next, at) => inserted(next, at),
  });
  const trimmed = text.trim();
  const tooLong = text.length > MAX_NOTE_LENGTH;
  const canSend = trimmed !== '' && !tooLong;

  // A mention or a reply just inserted: the caret after it.
  useLayoutEffect(() => {
    const at = insertedCaret.current;
    if (at === null) return;
    insertedCaret.current = null;
    input.current?.setSelectionRange(at, at);
  }, [text]);

  function send() {
    if (!canSend) return;
    const people = stillMentioned(trimmed, picked);
    if (people.length > MAX_MENTIONS_PER_NOTE) {
      setProblem(`Mencione até ${MAX_MENTIONS_PER_NOTE} pessoas por anotação.`);
      return;
    }
    const note: NoteSend = { body: trimmed, mentionedUserIds: people.map((p) => p.id), shareWithMentioned: false };
    const unseen = people.filter((person) => !person.canSee);
    if (unseen.length > 0) setAsking({ note, people: unseen });
    else void submit(note);
  }

  async function submit(note: NoteSend) {
    const written = draft;
    save({ text: '', picked: [] });
    setCaret(0);
    setProblem(null);
    input.current?.focus();
    try {
      const answer = await onSend(note);
      if (answer.sharedWith.length > 0) {
        const names = answer.sharedWith.map((person) => person.name);
        notifications.show({
          color: 'teal',
          title: 'Atendimento compartilhado',
          message: `${namesList(names)} ${names.length > 1 ? 'receberam' : 'recebeu'} um convite para participar.`,
        });
      }
    } catch (error) {
      // Sent but not answered: the note shows "não enviada" with its retry. Refused: to be fixed here.
      if (!refusedNote(error)) return;
      setProblem(errorMessage(error));
      if (!drafts.has(ticketId)) save(written);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // The pickers take their keys first: while one is open, Enter chooses, never sends.
    if (mentions.onKeyDown(event) || quickReplies.onKeyDown(event)) return;
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  function track(value: string, at: number) {
    mentions.track(value, at);
    quickReplies.track(value, at);
  }

  return (
    <div className={inbox.composer} data-testid="note-composer">
      {problem ? (
        <Text size="sm" c="var(--inbox-failed)" role="alert" mb={4}>
          {problem}
        </Text>
      ) : null}
      <div className={classes.line}>
        <Box
          className={classes.field}
          onFocus={() => setFocused(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
          }}
        >
          <Textarea
            ref={input}
            aria-label="Anotação interna"
            placeholder={NOTE_PLACEHOLDER}
            title="Enter envia, Shift+Enter quebra a linha, @ menciona alguém da equipe, / abre as respostas rápidas"
            autosize
            minRows={1}
            maxRows={6}
            classNames={{ input: classes.noteInput }}
            value={text}
            onChange={(event) => {
              const { value, selectionStart } = event.currentTarget;
              save({ text: value, picked });
              setCaret(selectionStart);
              setProblem(null);
              track(value, selectionStart);
            }}
            onSelect={(event) => {
              const { selectionStart } = event.currentTarget;
              if (selectionStart === caret) return;
              setCaret(selectionStart);
              track(text, selectionStart);
            }}
            onKeyDown={onKeyDown}
            error={tooLong ? `Até ${MAX_NOTE_LENGTH} caracteres.` : undefined}
            {...quickReplies.textboxProps}
            {...(mentions.open ? mentions.textboxProps : {})}
          />
          {mentions.open ? (
            <MentionPicker picker={mentions} />
          ) : quickReplies.open ? (
            <QuickReplyPicker picker={quickReplies} />
          ) : null}
        </Box>
        <Tooltip label="Enviar anotação (Enter)">
          <ActionIcon
            size={36}
            variant="filled"
            color="yellow.4"
            autoContrast
            aria-label="Enviar anotação"
            onClick={send}
            disabled={!canSend}
          >
            <IconSend size={18} />
          </ActionIcon>
        </Tooltip>
      </div>
      {text.length > MAX_NOTE_LENGTH - 200 ? (
        <Text size="xs" c={tooLong ? 'var(--inbox-failed)' : 'dimmed'} ta="right" mt={2}>
          {text.length}/{MAX_NOTE_LENGTH}
        </Text>
      ) : null}
      <ShareMentionDialog
        people={asking?.people ?? []}
        onConfirm={() => {
          const note = asking?.note;
          setAsking(null);
          if (note) void submit({ ...note, shareWithMentioned: true });
        }}
        onClose={() => setAsking(null)}
      />
    </div>
  );
}
