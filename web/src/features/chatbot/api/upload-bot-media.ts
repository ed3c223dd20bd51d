/**
 * POST /api/bot/media?fileName=… with the file's bytes (`application/octet-stream`) → 201
 * `{id, type, mimeType, fileName, size, …}` (route `chatbot`): the file an answer option will carry,
 * named in the configuration as `attachment: {mediaId: id, fileName}`. Refusals come as the
 * server's pt_BR message (422 `media_too_large`, `media_type_not_allowed`, `media_invalid`,
 * `media_quota`; 413 over 100 MB).
 */
import { uploadAttachment, type AttachmentUploadOptions, type UploadedMedia } from '../../../lib/media-upload';

export function uploadBotMedia(file: File, options: AttachmentUploadOptions = {}): Promise<UploadedMedia> {
  return uploadAttachment('/api/bot/media', file, options);
}
