import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn } from '../testing/fixtures';
import { downloadFile, filenameFromDisposition, formatBytes } from './download';
import { ApiError } from './http';

describe('filenameFromDisposition', () => {
  it('takes the server’s file name, RFC 5987 first, never a path', () => {
    expect(filenameFromDisposition('attachment; filename="pedidos_2026-11-01_a_2026-11-30.xlsx"')).toBe(
      'pedidos_2026-11-01_a_2026-11-30.xlsx',
    );
    expect(filenameFromDisposition('attachment; filename="x.xlsx"; filename*=UTF-8\'\'relat%C3%B3rio.xlsx')).toBe(
      'relatório.xlsx',
    );
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromDisposition('attachment')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});

describe('downloadFile', () => {
  beforeEach(() => logIn());
  afterEach(() => vi.unstubAllGlobals());

  it('reports the bytes as they arrive, with the bearer token', async () => {
    const chunks = [new Uint8Array([0x50, 0x4b]), new Uint8Array([3, 4, 5])];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(new Response(body, { headers: { 'Content-Disposition': 'attachment; filename="a.xlsx"' } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const progress: number[] = [];
    const file = await downloadFile('/api/tenant/sheets/orders', {
      query: { startAt: '2026-11-01', finishAt: '2026-11-30' },
      fallbackName: 'pedidos.xlsx',
      onProgress: ({ received }) => progress.push(received),
    });
    expect(file.filename).toBe('a.xlsx');
    expect(file.blob.size).toBe(5);
    expect(progress).toEqual([0, 2, 5]);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toMatch(/^Bearer /);
  });

  it('turns a refusal into the server’s pt_BR message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ code: 'invalid_period', message: 'O período é longo demais.' }), {
            status: 422,
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      ),
    );
    const failure = downloadFile('/api/tenant/sheets/orders', { fallbackName: 'x.xlsx' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'invalid_period', message: 'O período é longo demais.' });
  });

  it('writes sizes in pt-BR', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(35_328)).toBe('34,5 KB');
    expect(formatBytes(1_258_291)).toBe('1,2 MB');
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(350 * 1024 ** 2)).toBe('350 MB');
    expect(formatBytes(1024 ** 2 - 1)).toBe('1 MB');
    expect(formatBytes(1.2 * 1024 ** 3)).toBe('1,2 GB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
    expect(formatBytes(1536 * 1024 ** 3)).toBe('1.536 GB');
  });
});
