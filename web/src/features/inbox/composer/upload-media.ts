/**
 * POST /api/tickets/{id}/media?fileName=…[&voice=true] with the file's bytes as the body → 201
 * `{id, type, mimeType, fileName, size, width, height, durationMs, voice}` (docs/media.md#sending),
 * through the shared upload of lib/media-upload.ts (XMLHttpRequest for the progress, the bearer
 * token, the 401 rules, the server's pt_BR `message` as an `ApiError`: 422 `media_too_large`,
 * `media_type_not_allowed`, `media_quota`, `media_invalid`).
 */
import { uploadMediaFile, type UploadedMedia, type UploadProgress } from '../../../lib/media-upload';

export type { UploadedMedia, UploadProgress } from '../../../lib/media-upload';

export interface UploadOptions {
  fileName: string;
  /** A voice note recorded here (stored as Ogg/Opus by the server). */
  voice?: boolean;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Uploads one file to the ticket; resolves with what the server stored. */
export function uploadMedia(ticketId: number, file: Blob, options: UploadOptions): Promise<UploadedMedia> {
  return uploadMediaFile(`/api/tickets/${ticketId}/media`, file, {
    query: { fileName: options.fileName, voice: options.voice ? 'true' : undefined },
    // The server reads the bytes, whatever the type says (docs/media.md#sending).
    contentType: file.type || 'application/octet-stream',
    onProgress: options.onProgress,
    signal: options.signal,
  });
}
