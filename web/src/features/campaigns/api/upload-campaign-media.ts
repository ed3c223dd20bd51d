/**
 * POST /api/campaigns/media?fileName=… with the file's bytes (`application/octet-stream`) → 201
 * `{id, type, mimeType, fileName, size, …}` (route `campaigns`): the file a campaign will send, with
 * its message as the caption, named in the create and preview bodies as
 * `attachment: {mediaId: id, fileName}`. Refusals come as the server's pt_BR message (422
 * `media_too_large`, `media_type_not_allowed`, `media_invalid`, `media_quota`; 413 over 100 MB).
 */
import { uploadAttachment, type AttachmentUploadOptions, type UploadedMedia } from '../../../lib/media-upload';

export function uploadCampaignMedia(file: File, options: AttachmentUploadOptions = {}): Promise<UploadedMedia> {
  return uploadAttachment('/api/campaigns/media', file, options);
}
