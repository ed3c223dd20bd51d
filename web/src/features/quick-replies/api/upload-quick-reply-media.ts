/**
 * POST /api/quick-replies/media?fileName=… with the file's bytes (`application/octet-stream`) → 201
 * `{id, type, mimeType, fileName, size, …}` (docs/quick-replies.md#files-and-templates): the file a
 * reply sends, named then in its create or update body as `attachment: {mediaId: id, fileName}`.
 * Through the shared upload of lib/media-upload.ts (progress, the bearer token, the 401 rules);
 * refusals in the server's pt_BR (422 `media_too_large`, `media_type_not_allowed`, `media_invalid`,
 * `media_quota`; 413 over 100 MB).
 */
import { uploadAttachment, type AttachmentUploadOptions, type UploadedMedia } from '../../../lib/media-upload';

export function uploadQuickReplyMedia(file: File, options: AttachmentUploadOptions = {}): Promise<UploadedMedia> {
  return uploadAttachment('/api/quick-replies/media', file, options);
}
