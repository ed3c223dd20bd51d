/**
 * The composer's files waiting to be sent: each checked against the channel's limits (a file the
 * channel would refuse says why, in the server's words, and is not uploaded), with an
 * optional caption; sending uploads them one after the other with their progress, then hands each
 * one on as a message. A failed upload stays with the server's message under it.
 *
 * A quick reply's file (`addStored`) is already on the server: it waits in the same tray, its
 * caption the reply's text, and goes without an upload, naming the reply it came from.
 */
import { useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-errors';
import { checkFile, type LimitCheck, type MediaLimit } from './media-limits';
import { uploadMedia, type UploadedMedia } from './upload-media';

/** A file already on the server (a quick reply's), with the reply it comes from. */
export interface StoredMedia {
  media: UploadedMedia;
  quickReplyId: number;
}

/** A file as kept (its check against the limits is made on every render: the limits may arrive later). */
interface StoredFile {
  key: string;
  /** The file picked, dropped, pasted or recorded here; null for a stored one. */
  file: File | null;
  /** A file already on the server (no upload). */
  stored: StoredMedia | null;
  caption: string;
  voice: boolean;
  progress: number | null;
  error: string | null;
}

export interface PendingFile {
  key: string;
  file: File | null;
  stored: StoredMedia | null;
  caption: string;
  /** A voice note recorded here. */
  voice: boolean;
  check: LimitCheck;
  /** 0–100 while uploading, else null. */
  progress: number | null;
  /** Why the upload failed (the server's pt_BR message). */
  error: string | null;
}

/** A pending file's name as the tray shows it. */
export function pendingName(item: Pick<PendingFile, 'file' | 'stored' | 'voice'>): string {
  if (item.voice) return 'Mensagem de voz';
  return item.stored?.media.fileName ?? (item.file?.name || 'arquivo');
}

/** A pending file's size in bytes. */
export function pendingSize(item: Pick<PendingFile, 'file' | 'stored'>): number {
  return item.stored?.media.size ?? item.file?.size ?? 0;
}

export interface Uploaded {
  item: PendingFile;
  media: UploadedMedia;
}

let keys = 0;

function voiceCheck(file: File, limits: readonly MediaLimit[]): LimitCheck {
  // The server remuxes a recorded voice note into Ogg/Opus: only the size counts here.
  const audio = limits.find((l) => l.type === 'audio');
  if (file.size === 0) return { ok: false, message: 'A gravação está vazia.' };
  if (audio && file.size > audio.maxBytes)
    return checkFile({ type: audio.mimeTypes[0] ?? '', size: file.size }, limits);
  return { ok: true, type: 'audio' };
}

export function useAttachments(ticketId: number, limits: readonly MediaLimit[]) {
  const [stored, setFiles] = useState<StoredFile[]>([]);
  const files = useMemo(
    () =>
      stored.map((f): PendingFile => ({
        ...f,
        check: f.stored
          ? // The server checked it against the channel when the reply was saved.
            { ok: true, type: f.stored.media.type }
          : f.file && f.voice
            ? voiceCheck(f.file, limits)
            : checkFile(f.file ?? { type: '', size: 0 }, limits),
      })),
    [stored, limits],
  );
  const [sending, setSending] = useState(false);
  const aborts = useRef(new Map<string, AbortController>());

  function patch(key: string, change: Partial<StoredFile>) {
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));
  }

  function add(list: readonly File[], options: { voice?: boolean } = {}) {
    if (list.length === 0) return;
    const added = list.map((file): StoredFile => {
      keys += 1;
      return {
        key: `f${keys}`,
        file,
        stored: null,
        caption: '',
        voice: options.voice === true,
        progress: null,
        error: null,
      };
    });
    setFiles((current) => [...current, ...added]);
  }

  /** A quick reply's file, already on the server, with its text as the caption. */
  function addStored(stored: StoredMedia, caption: string) {
    keys += 1;
    const item: StoredFile = {
      key: `f${keys}`,
      file: null,
      stored,
      caption,
      voice: false,
      progress: null,
      error: null,
    };
    setFiles((current) => [...current, item]);
  }

  function remove(key: string) {
    aborts.current.get(key)?.abort();
    setFiles((list) => list.filter((f) => f.key !== key));
  }

  function setCaption(key: string, caption: string) {
    patch(key, { caption });
  }

  /**
   * Uploads every file the channel takes, in order; `onUploaded` sends each one's message as soon
   * as its upload ends. Resolves with how many went.
   */
  async function sendAll(onUploaded: (uploaded: Uploaded) => void): Promise<number> {
    const ready = files.filter((f) => f.check.ok && f.progress === null);
    if (ready.length === 0) return 0;
    setSending(true);
    let sent = 0;
    try {
      for (const item of ready) {
        if (item.stored) {
          setFiles((list) => list.filter((f) => f.key !== item.key));
          onUploaded({ item, media: item.stored.media });
          sent += 1;
          continue;
        }
        const file = item.file;
        if (!file) continue;
        const controller = new AbortController();
        aborts.current.set(item.key, controller);
        patch(item.key, { progress: 0, error: null });
        try {
          const media = await uploadMedia(ticketId, file, {
            fileName: file.name || (item.voice ? 'voz.webm' : 'arquivo'),
            voice: item.voice,
            signal: controller.signal,
            onProgress: ({ loaded, total }) =>
              patch(item.key, { progress: total > 0 ? Math.round((loaded / total) * 100) : 0 }),
          });
          setFiles((list) => list.filter((f) => f.key !== item.key));
          onUploaded({ item, media });
          sent += 1;
        } catch (error) {
          if (error instanceof DOMException && error.name === 'AbortError') continue;
          patch(item.key, { progress: null, error: errorMessage(error) });
        } finally {
          aborts.current.delete(item.key);
        }
      }
    } finally {
      setSending(false);
    }
    return sent;
  }

  return {
    files,
    sending,
    add,
    addStored,
    remove,
    setCaption,
    sendAll,
    /** Files that would go with the next send. */
    sendable: files.filter((f) => f.check.ok && f.progress === null).length,
  };
}

export type AttachmentsState = ReturnType<typeof useAttachments>;
