/**
 * Writing an internal note (docs/notes.md): what the staff tell each other about a ticket, never
 * sent to the customer — so the composer turns amber, and holds text and at most one file: no
 * voice, places, contact cards nor templates (nor WhatsApp's 24-hour window, which is about the
 * customer). Anyone who sees the ticket may write one, whoever owns it and whatever its status.
 *
 * "Anexar arquivo" picks the file and uploads it at once (`POST /api/tickets/{id}/notes/media`,
 * api/upload-note-media.ts), with its progress and a button to cancel; a file WhatsApp's table
 * refuses (the one the server's upload checks, media-limits.ts `checkFile`) says why in the
 * server's words without being uploaded, and a refused upload shows the server's pt_BR reason (422
 * `media_too_large`, `media_type_not_allowed`, `media_invalid`, `media_quota`; 413), the text kept.
 * Once uploaded the file shows — its name, size and "Remover" — and goes with the note as
 * `{mediaId, fileName}`, the text its caption: with a file the text may be empty.
 *
 * Enter sends, Shift+Enter starts a new line; the text, the people picked and the file are kept
 * per ticket while switching between tickets (an upload still running stops). `@` opens the people
 * a note may mention (`MentionPicker`, use-mention-picker.ts): the one chosen goes in as
 * `@Nome Sobrenome `, and the note names those whose `@Name` is still in its text
 * (`mentionedUserIds`). Someone who does not see the ticket is only mentioned once the writer
 * agrees to share it with them (`ShareMentionDialog`, `shareWithMentioned`). `/` still opens the
 * quick replies. A note the server refuses (422, 404: a mention, too long, a file it cannot find…)
 * comes back into the box, its file too, with the server's reason above it.
 */
import { ActionIcon, Box, FileButton, Group, Text, Textarea, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip, IconSend, IconX } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { UploadProgress } from '../../../components/UploadProgress';
import { errorMessage } from '../../../lib/api-errors';
import { formatBytes } from '../../../lib/download';
import { fileKind } from '../../../lib/file-kind';
import type { UploadedMedia } from '../../../lib/media-upload';
import type { MentionTarget, WrittenNote } from '../api/schemas';
import { uploadNoteMedia } from '../api/upload-note-media';
import { MAX_MENTIONS_PER_NOTE, MAX_NOTE_LENGTH, refusedNote, type NotePreview } from '../api/write-note';
import inbox from '../components/Inbox.module.css';
import classes from './composer.module.css';
import { checkFile, WHATSAPP_LIMITS } from './media-limits';
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
  /** The text, trimmed: the file's caption when there is one (then it may be ''). */
  body: string;
  mentionedUserIds: number[];
  shareWithMentioned: boolean;
  /** The file uploaded for the note (`POST /api/tickets/{id}/notes/media`). */
  mediaId?: number;
  fileName?: string;
  /** What the note shows of its file until the server answers (never sent). */
  preview?: NotePreview;
}

export interface NoteComposerProps {
  ticketId: number;
  /** Sends the note; rejects as the server refused it (`refusedNote`) or failed. */
  onSend: (note: NoteSend) => Promise<WrittenNote>;
}

/** The file a note carries, once uploaded: what the server stored, and its name as shown and sent. */
interface NoteFile {
  media: UploadedMedia;
  name: string;
}

interface Draft {
  text: string;
  /** The people picked with `@` while writing it. */
  picked: MentionTarget[];
  file: NoteFile | null;
}

const EMPTY_DRAFT: Draft = { text: '', picked: [], file: null };

/** Unsent notes per ticket (the latest of each, the file included), for as long as the page lives. */
const drafts = new Map<number, Draft>();

/** A file being uploaded: its name and how far it went (0–100). */
interface Uploading {
  name: string;
  percent: number;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** What a note sends of its file, and what its bubble shows of it meanwhile. */
function fileFields(file: NoteFile | null): Pick<NoteSend, 'mediaId' | 'fileName' | 'preview'> {
  if (!file) return {};
  const { media, name } = file;
  return {
    mediaId: media.id,
    fileName: name,
    preview: {
      type: media.type,
      media: {
        status: 'pending',
        mimeType: media.mimeType,
        fileName: name,
        size: media.size,
        width: media.width,
        height: media.height,
        durationMs: media.durationMs,
      },
    },
  };
}

export function NoteComposer({ ticketId, onSend }: NoteComposerProps) {
  const [draft, setDraft] = useState<Draft>(() => drafts.get(ticketId) ?? EMPTY_DRAFT);
  const { text, picked, file } = draft;
  const [caret, setCaret] = useState(text.length);
  const [focused, setFocused] = useState(false);
  /** Where to put the caret once a mention or a reply is in the text box. */
  const insertedCaret = useRef<number | null>(null);
  /** Why the last note was refused (the server's words). */
  const [problem, setProblem] = useState<string | null>(null);
  /** A note waiting for "Compartilhar e enviar", and who it would share the ticket with. */
  const [asking, setAsking] = useState<{ note: NoteSend; people: MentionTarget[] } | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  /** The file being uploaded, and why the last one was refused (the server's words). */
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  const resetPicker = useRef<() => void>(null);

  /** The text box takes the focus once the file's line has changed (the clip or "Remover" gave way). */
  const refocus = useRef(false);

  // Leaving the ticket stops its upload.
  useEffect(() => () => upload.current?.abort(), []);

  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    input.current?.focus();
  });

  function save(next: Draft) {
    setDraft(next);
    if (next.text || next.file) drafts.set(ticketId, next);
    else drafts.delete(ticketId);
  }

  function inserted(next: string, at: number, person?: MentionTarget) {
    const people = person && !picked.some((p) => p.id === person.id) ? [...picked, person] : picked;
    save({ ...draft, text: next, picked: people });
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
  /** One file a note: the clip waits while one is uploading or attached. */
  const attachable = uploading === null && file === null;
  const tooLong = text.length > MAX_NOTE_LENGTH;
  const canSend = (trimmed !== '' || file !== null) && !tooLong && uploading === null;

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
    const note: NoteSend = {
      body: trimmed,
      mentionedUserIds: people.map((p) => p.id),
      shareWithMentioned: false,
      ...fileFields(file),
    };
    const unseen = people.filter((person) => !person.canSee);
    if (unseen.length > 0) setAsking({ note, people: unseen });
    else void submit(note);
  }

  async function submit(note: NoteSend) {
    const written = draft;
    save(EMPTY_DRAFT);
    setCaret(0);
    setProblem(null);
    setFileProblem(null);
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

  async function attach(chosen: File | null) {
    // The same file can be picked again after a refusal.
    resetPicker.current?.();
    if (chosen === null) return;
    const name = chosen.name || 'arquivo';
    setFileProblem(null);
    const check = checkFile(chosen, WHATSAPP_LIMITS);
    if (!check.ok) {
      setFileProblem(check.message);
      return;
    }
    const abort = new AbortController();
    upload.current = abort;
    setUploading({ name, percent: 0 });
    // Writing goes on while it uploads (the clip is disabled meanwhile).
    refocus.current = true;
    try {
      const media = await uploadNoteMedia(ticketId, chosen, {
        signal: abort.signal,
        onProgress: ({ loaded, total }) =>
          setUploading({ name, percent: total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0 }),
      });
      // The text typed meanwhile is the draft's latest (`save` keeps it there).
      save({ ...(drafts.get(ticketId) ?? EMPTY_DRAFT), file: { media, name: media.fileName ?? name } });
    } catch (caught) {
      if (!isAbort(caught)) setFileProblem(errorMessage(caught));
    } finally {
      if (upload.current === abort) upload.current = null;
      setUploading(null);
    }
  }

  function cancelUpload() {
    refocus.current = true;
    upload.current?.abort();
  }

  function removeFile() {
    setFileProblem(null);
    save({ ...draft, file: null });
    refocus.current = true;
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
      {uploading ? (
        <Box className={classes.item} mb={6} data-testid="note-uploading">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconPaperclip size={18} aria-hidden className={classes.icon} />
            <UploadProgress name={uploading.name} percent={uploading.percent} nameClassName={classes.name} />
            <Tooltip label="Cancelar o envio">
              <ActionIcon
                variant="subtle"
                color="gray"
                size={32}
                aria-label={`Cancelar o envio de ${uploading.name}`}
                onClick={cancelUpload}
              >
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Box>
      ) : file ? (
        <NoteFileCard file={file} onRemove={removeFile} />
      ) : null}
      {fileProblem ? (
        <Text size="sm" c="var(--inbox-failed)" role="alert" mb={4} className={classes.name}>
          {fileProblem}
        </Text>
      ) : null}
      <div className={classes.line}>
        <FileButton onChange={(chosen) => void attach(chosen)} resetRef={resetPicker} disabled={!attachable}>
          {(props) => (
            <Tooltip label="Anexar arquivo">
              <ActionIcon {...props} size={36} variant="default" aria-label="Anexar arquivo" disabled={!attachable}>
                <IconPaperclip size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
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
              save({ ...draft, text: value });
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

/** The file the note will carry: an icon by its type, its name and size, and "Remover". */
function NoteFileCard({ file, onRemove }: { file: NoteFile; onRemove: () => void }) {
  const kind = fileKind(file.name, file.media.mimeType);
  const KindIcon = kind.icon;
  return (
    <Box className={classes.item} mb={6} data-testid="note-file">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <KindIcon size={18} role="img" aria-label={kind.label} className={classes.icon} />
        <Text size="sm" fw={600} flex={1} miw={0} className={classes.name}>
          {file.name}{' '}
          <Text span size="xs" c="dimmed" fw={400}>
            {formatBytes(file.media.size)}
          </Text>
        </Text>
        <Tooltip label="Remover">
          <ActionIcon variant="subtle" color="gray" size={32} aria-label={`Remover ${file.name}`} onClick={onRemove}>
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Box>
  );
}
