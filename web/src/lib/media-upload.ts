/**
 * Uploading a file for a message (docs/media.md#sending): POST to an upload endpoint
 * (`/api/tickets/{id}/media`, `/api/bot/media`, `/api/campaigns/media`) with `?fileName=…` and the
 * file's bytes as the body → 201 `{id, type, mimeType, fileName, size, width, height, durationMs,
 * voice}`. Sent through XMLHttpRequest, the one browser API that reports an upload's progress, with
 * what the app's client (http.ts) does for every call: the bearer token, the 401 rules (an expired
 * token refreshed and the upload sent once more; an ended session goes to /login), the server's
 * pt_BR `message` as an `ApiError` (422 `media_too_large`, `media_type_not_allowed`,
 * `media_quota`, `media_invalid`; 413 over 100 MB).
 *
 * Also the file a bot's answer or a campaign carries once uploaded: `{mediaId, fileName}`.
 */
import * as z from 'zod/mini';
import {
  ApiError,
  buildUrl,
  handleErrorAnswer,
  NETWORK_ERROR_MESSAGE,
  parseAnswerText,
  requireAccessToken,
  type QueryParams,
} from './http';

export const UploadedMediaSchema = z.object({
  id: z.number(),
  type: z.string(),
  mimeType: z.string(),
  fileName: z.nullish(z.string()),
  size: z.number(),
  width: z.nullish(z.number()),
  height: z.nullish(z.number()),
  durationMs: z.nullish(z.number()),
  voice: z.nullish(z.boolean()),
});
export type UploadedMedia = z.infer<typeof UploadedMediaSchema>;

/** A stored file as a bot's answer or a campaign names it (the server makes `fileName` safe). */
export const MediaAttachmentSchema = z.object({ mediaId: z.number(), fileName: z.string() });
export type MediaAttachment = z.infer<typeof MediaAttachmentSchema>;

/** A file attached in a form: what is sent, plus what the upload told (shown, never sent). */
export interface AttachedFile extends MediaAttachment {
  /** Bytes; unknown for a file read back from the server. */
  size?: number | null;
  mimeType?: string | null;
}

/** What is sent of an attached file: `{mediaId, fileName}`. */
export function toMediaAttachment(file: AttachedFile): MediaAttachment {
  return { mediaId: file.mediaId, fileName: file.fileName };
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface MediaUploadOptions {
  /** The upload's query (`fileName`, and `voice` for a voice note). */
  query: QueryParams;
  /** The body's `Content-Type` (the server reads the bytes, whatever it says). */
  contentType: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

function sendOnce(url: string, token: string, file: Blob, options: MediaUploadOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', options.contentType);
    xhr.upload.onprogress = (event) => {
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.onload = () =>
      resolve({ status: xhr.status, body: parseAnswerText(xhr.responseText), headers: headersOf(xhr) });
    xhr.onerror = () => reject(new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE));
    xhr.onabort = () => reject(new DOMException('Envio cancelado.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** Uploads one file to `path`; resolves with what the server stored. */
export async function uploadMediaFile(path: string, file: Blob, options: MediaUploadOptions): Promise<UploadedMedia> {
  const url = buildUrl(path, options.query);
  let retried = false;
  for (;;) {
    const token = requireAccessToken();
    const answer = await sendOnce(url, token, file, options);
    if (answer.status >= 200 && answer.status < 300) {
      const parsed = UploadedMediaSchema.safeParse(answer.body);
      if (parsed.success) return parsed.data;
      throw new ApiError(answer.status, 'invalid_response', 'Resposta inesperada do servidor.', [], answer.body);
    }
    // Rejects, or resolves when the token was refreshed: then once more.
    await handleErrorAnswer(answer.status, answer.body, answer.headers, { retried, sentToken: token });
    if (retried) throw new ApiError(answer.status, 'unauthorized', 'Sua sessão expirou, entre novamente.');
    retried = true;
  }
}

export interface AttachmentUploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Uploads a file a bot's answer or a campaign will carry (`POST /api/bot/media`,
 * `POST /api/campaigns/media`): the raw bytes as `application/octet-stream`, named by `fileName`.
 */
export function uploadAttachment(
  path: string,
  file: File,
  options: AttachmentUploadOptions = {},
): Promise<UploadedMedia> {
  return uploadMediaFile(path, file, {
    query: { fileName: file.name || 'arquivo' },
    contentType: 'application/octet-stream',
    onProgress: options.onProgress,
    signal: options.signal,
  });
}
