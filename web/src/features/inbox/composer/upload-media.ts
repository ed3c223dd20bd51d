/**
 * POST /api/tickets/{id}/media?fileName=…[&voice=true] with the file's bytes as the body → 201
 * `{id, type, mimeType, fileName, size, width, height, durationMs, voice}` (docs/media.md#sending).
 * Sent through XMLHttpRequest, the one browser API that reports an upload's progress, with what
 * the app's client (lib/http.ts) does for every call: the bearer token, the 401 rules (an expired
 * token refreshed and the upload sent once more; an ended session goes to /login), the server's
 * pt_BR `message` as an `ApiError` (422 `media_too_large`, `media_type_not_allowed`,
 * `media_quota`, `media_invalid`).
 */
import * as z from 'zod/mini';
import {
  ApiError,
  buildUrl,
  handleErrorAnswer,
  NETWORK_ERROR_MESSAGE,
  parseAnswerText,
  requireAccessToken,
} from '../../../lib/http';

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

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  fileName: string;
  /** A voice note recorded here (stored as Ogg/Opus by the server). */
  voice?: boolean;
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

function sendOnce(url: string, token: string, file: Blob, options: UploadOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    // The server reads the bytes, whatever the type says (docs/media.md#sending).
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
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

/** Uploads one file to the ticket; resolves with what the server stored. */
export async function uploadMedia(ticketId: number, file: Blob, options: UploadOptions): Promise<UploadedMedia> {
  const url = buildUrl(`/api/tickets/${ticketId}/media`, {
    fileName: options.fileName,
    voice: options.voice ? 'true' : undefined,
  });
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
