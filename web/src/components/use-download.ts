/**
 * One file download (a sheet, a customer's report) at a time per button: its state (bytes
 * received, or the pt_BR error the server answered — a 4xx `{code, message}`) and the
 * notifications when it ends.
 */
import { notifications } from '@mantine/notifications';
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../lib/api-errors';
import { downloadFile, saveFile, type DownloadProgress } from '../lib/download';
import type { QueryParams } from '../lib/http';

export type DownloadState =
  | { status: 'idle' }
  | { status: 'loading'; progress: DownloadProgress | null }
  | { status: 'done'; filename: string }
  | { status: 'error'; message: string };

export interface DownloadRequest {
  path: string;
  query: QueryParams;
  fallbackName: string;
  /** What the notifications call the file ("Planilha de pedidos"). */
  title: string;
  /** The file's media type (default: a sheet). */
  accept?: string;
}

export function useDownload() {
  const [state, setState] = useState<DownloadState>({ status: 'idle' });
  const running = useRef(false);

  const start = useCallback(async ({ path, query, fallbackName, title, accept }: DownloadRequest) => {
    if (running.current) return;
    running.current = true;
    setState({ status: 'loading', progress: null });
    try {
      const file = await downloadFile(path, {
        query,
        fallbackName,
        accept,
        onProgress: (progress) => setState({ status: 'loading', progress }),
      });
      saveFile(file);
      setState({ status: 'done', filename: file.filename });
      notifications.show({ color: 'teal', title: `${title}: download concluído`, message: file.filename });
    } catch (error) {
      const message = errorMessage(error);
      setState({ status: 'error', message });
      notifications.show({ color: 'red', title: `${title}: não foi possível baixar`, message });
    } finally {
      running.current = false;
    }
  }, []);

  return { state, start };
}
