/**
 * Authenticated file downloads (the `.xlsx` sheets of docs/analytics.md#sheets, a customer's `.zip`
 * report of docs/privacy.md#subject-report): the request goes
 * through the one HTTP client (bearer token, 401 rules, the server's pt_BR error as an `ApiError`),
 * the body is read chunk by chunk so the screen can show the bytes received, and the file is saved
 * under the name the server gives in `Content-Disposition`.
 */
import { request, type QueryParams } from './http';

export interface DownloadProgress {
  /** Bytes received so far. */
  received: number;
  /** `Content-Length` when the server sent it (a streamed sheet usually does not): null = unknown. */
  total: number | null;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export interface DownloadOptions {
  query?: QueryParams;
  /** Called after every chunk (and once with 0 bytes when the answer starts). */
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
  /** Used when the answer names no file. */
  fallbackName: string;
  /** The file's media type, asked in `Accept` (default: a sheet, `.xlsx`). */
  accept?: string;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The file name of a `Content-Disposition` header: `filename*=UTF-8''…` (RFC 5987) first, then
 * `filename="…"`; null when there is none. Path separators are dropped (a name, never a path).
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  let name: string | null = null;
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = null;
    }
  }
  if (name === null) {
    const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
    name = (plain?.[1] ?? plain?.[2] ?? '').trim() || null;
  }
  if (name === null) return null;
  const base = name.split(/[/\\]/).pop()?.trim() ?? '';
  return base === '' ? null : base;
}

/** Fetches `path` with the session's token and reads it whole, reporting progress. */
export async function downloadFile(path: string, options: DownloadOptions): Promise<DownloadedFile> {
  const response = await request<Response>(path, {
    query: options.query,
    responseType: 'response',
    accept: `${options.accept ?? XLSX}, application/json`,
    signal: options.signal,
  });
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get('Content-Type') ?? options.accept ?? XLSX;
  const filename = filenameFromDisposition(response.headers.get('Content-Disposition')) ?? options.fallbackName;
  options.onProgress?.({ received: 0, total });
  const reader = response.body?.getReader();
  if (!reader) {
    const blob = await response.blob();
    options.onProgress?.({ received: blob.size, total });
    return { blob, filename };
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    options.onProgress?.({ received, total });
  }
  return { blob: new Blob(chunks, { type }), filename };
}

/** Hands a downloaded file to the browser as a download (an object URL clicked, then revoked). */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const SIZE = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** `512 B`, `34,5 KB`, `1,2 MB`, `2 GB` (pt_BR, binary units: 1 KB = 1024 B). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${SIZE.format(bytes)} B`;
  let value = bytes / 1024;
  for (const unit of ['KB', 'MB']) {
    // Rounded as written, so 1.048.575 B reads `1 MB`, not `1.024 KB`.
    if (Math.round(value * 10) < 1024 * 10) return `${SIZE.format(value)} ${unit}`;
    value /= 1024;
  }
  return `${SIZE.format(value)} GB`;
}
