/**
 * POST /api/tickets/{id}/notes → 201 `{message, mentioned, sharedWith}` (docs/notes.md): an internal
 * note — a message of `kind` `internal` the customer never receives — on a ticket the viewer sees,
 * whoever owns it and whatever its status. Body `{body (1–4096, trimmed), clientId (1–100, the
 * server dedupes it), mentionedUserIds? (≤ 20, the `@` picker's), shareWithMentioned?, mediaId?,
 * fileName?}`: someone mentioned who does not see the ticket is refused (422 `mention_cannot_see`)
 * unless the ticket is shared with them (`shareWithMentioned: true`; they get an invitation,
 * `sharedWith`). A note may carry one file, uploaded first (`POST /api/tickets/{id}/notes/media`,
 * upload-note-media.ts) and named by `mediaId` (and `fileName`): `body` is then its caption and may
 * be empty, and the answer's `message` has the file's `type` and `media` like any message. Other
 * refusals: 422 `empty_message`, `message_too_long`, `media_not_found` (not the tenant's file),
 * `mention_not_found`, `too_many_mentions`; 404 `ticket_not_found`; 409 `client_id_used`.
 *
 * The note shows at once (optimistic, `local: 'sending'`; a file as its `preview` says, until the
 * server's), replaced by the server's (matched by `clientId`). A refusal (422, 404) leaves nothing
 * behind: the composer takes the text and the file back and says why (`refusedNote`). Any other
 * failure leaves the note "não enviada", sent again with the same request (`sentNote`, its file
 * included) by "Tentar de novo".
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-errors';
import { ApiError, http } from '../../../lib/http';
import { addLocalMessage, dropLocal, putMessage, setLocalState } from '../cache';
import { inboxKeys } from '../keys';
import type { InboxViewer } from '../viewer';
import { WrittenNoteSchema, type Media, type Message, type WrittenNote } from './schemas';
import { nextLocalId } from './send-message';

/** The longest note the server takes. */
export const MAX_NOTE_LENGTH = 4096;
/** The most people one note may mention. */
export const MAX_MENTIONS_PER_NOTE = 20;
/** A note's `kind`. */
export const INTERNAL_KIND = 'internal';

export interface NoteInput {
  /** The text, trimmed. */
  body: string;
  clientId: string;
  /** The people mentioned (`@`), by id. */
  mentionedUserIds?: number[];
  /** Share the ticket with those mentioned who do not see it. */
  shareWithMentioned?: boolean;
  /** The file uploaded for the note (`uploadNoteMedia`); `body` is then its caption and may be ''. */
  mediaId?: number;
  /** The file's name as the staff will see it (the server names it by its type otherwise). */
  fileName?: string;
  /** What the note shows of its file until the server's answer replaces it (never sent). */
  preview?: NotePreview;
}

/** A note's file as its bubble shows it while it is being sent: the upload's `type` and what it stored. */
export interface NotePreview {
  type: string;
  media: Media;
}

/** What is sent of a note (its preview stays here). */
type NoteBody = Omit<NoteInput, 'preview'>;

export function writeNote(ticketId: number, input: NoteInput): Promise<WrittenNote> {
  const body: NoteBody = { body: input.body, clientId: input.clientId };
  if (input.mentionedUserIds !== undefined && input.mentionedUserIds.length > 0) {
    body.mentionedUserIds = input.mentionedUserIds;
  }
  if (input.shareWithMentioned === true) body.shareWithMentioned = true;
  if (input.mediaId !== undefined) body.mediaId = input.mediaId;
  if (input.fileName !== undefined) body.fileName = input.fileName;
  return http.post(`/api/tickets/${ticketId}/notes`, body, { schema: WrittenNoteSchema });
}

/** Whether the server refused the note outright (nothing stored): its text is to be fixed, not retried. */
export function refusedNote(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 422 || error.status === 404);
}

/** A refusal about whom the note mentions: the people's list (who sees the ticket) is read again. */
const MENTION_REFUSALS = ['mention_not_found', 'mention_cannot_see', 'too_many_mentions'];

/** What each note this page is sending was sent with (by `clientId`), for its retry. */
const sentNotes = new Map<string, NoteInput>();

/** The request a note being sent from this page was made with (its retry sends it again). */
export function sentNote(clientId: string): NoteInput | undefined {
  return sentNotes.get(clientId);
}

export function useWriteNote(ticketId: number, viewer: InboxViewer) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NoteInput) => writeNote(ticketId, input),
    onMutate: (input) => {
      sentNotes.set(input.clientId, input);
      const optimistic: Message = {
        id: nextLocalId(),
        ticketId,
        direction: 'out',
        kind: INTERNAL_KIND,
        body: input.body,
        ack: 'read',
        error: null,
        sentAt: new Date().toISOString(),
        user: { id: viewer.id, name: viewer.name },
        clientId: input.clientId,
        type: input.preview?.type ?? (input.mediaId !== undefined ? 'document' : 'text'),
        media: input.preview?.media ?? null,
        location: null,
        contacts: null,
        quoted: null,
        reactions: [],
        editedAt: null,
        revokedAt: null,
        local: 'sending',
      };
      addLocalMessage(queryClient, ticketId, optimistic);
    },
    onSuccess: (written, input) => {
      sentNotes.delete(input.clientId);
      putMessage(queryClient, ticketId, written.message);
      // Those invited now have a share waiting: who sees the ticket is read again when next needed.
      if (written.sharedWith.length > 0) {
        void queryClient.invalidateQueries({ queryKey: inboxKeys.mentionTargets(ticketId), refetchType: 'none' });
      }
    },
    onError: (error, input) => {
      if (refusedNote(error)) {
        sentNotes.delete(input.clientId);
        dropLocal(queryClient, ticketId, input.clientId);
        if (MENTION_REFUSALS.includes(error.code)) {
          void queryClient.invalidateQueries({ queryKey: inboxKeys.mentionTargets(ticketId) });
        }
        return;
      }
      setLocalState(queryClient, ticketId, input.clientId, 'error', errorMessage(error));
    },
  });
}
