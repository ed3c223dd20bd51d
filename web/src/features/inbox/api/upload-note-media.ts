/**
 * POST /api/tickets/{id}/notes/media?fileName=… with the file's bytes (`application/octet-stream`)
 * → 201 `{id, type, mimeType, fileName, size, width, height, durationMs, voice}` (docs/notes.md): the
 * one file an internal note carries, named then in the note's body as `{mediaId: id, fileName}`
 * (write-note.ts). Anyone who sees the ticket may upload one, not only its owner (a reply's file
 * goes to `/api/tickets/{id}/media`, composer/upload-media.ts). Through the shared upload of
 * lib/media-upload.ts (progress, the bearer token, the 401 rules); refusals in the server's pt_BR
 * (422 `media_too_large`, `media_type_not_allowed`, `media_invalid`, `media_quota`; 413 over 100
 * MB; 404 `ticket_not_found`).
 */
import { uploadAttachment, type AttachmentUploadOptions, type UploadedMedia } from '../../../lib/media-upload';

export function uploadNoteMedia(
  ticketId: number,
  file: File,
  options: AttachmentUploadOptions = {},
): Promise<UploadedMedia> {
  return uploadAttachment(`/api/tickets/${ticketId}/notes/media`, file, options);
}
