/**
 * A stand-in for XMLHttpRequest (uploads with progress): every request is recorded, and the test
 * reports progress and answers it.
 */
import { vi } from 'vitest';

export class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  /** The test: bytes went out. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  /** The test: the server answered. */
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.onload?.();
  }
}

/** Replaces XMLHttpRequest for the test; returns the class, whose `all` lists the requests. */
export function stubXhr(): typeof FakeXhr {
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}

/** Waits until the `count`-th request has been sent. */
export async function nthXhr(count: number): Promise<FakeXhr> {
  await vi.waitFor(() => {
    if (FakeXhr.all.length < count) throw new Error(`waiting for request ${count}`);
  });
  const xhr = FakeXhr.all[count - 1];
  if (!xhr) throw new Error('no request');
  return xhr;
}

/** The file input of an upload field (AttachmentField) within `container`. */
export function filePicker(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}
