import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn } from '../testing/fixtures';
import { nthXhr, stubXhr } from '../testing/fake-xhr';
import { toMediaAttachment, uploadAttachment } from './media-upload';

const stored = { id: 44, type: 'image', mimeType: 'image/png', fileName: 'promo.png', size: 4 };

describe('uploading a file for a bot’s answer or a campaign', () => {
  beforeEach(() => {
    stubXhr();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the raw bytes as application/octet-stream, the name URL-encoded, with the progress', async () => {
    const token = logIn();
    const progress = vi.fn();
    const file = new File(['\x89PNG'], 'promoção de maio.png', { type: 'image/png' });
    const done = uploadAttachment('/api/campaigns/media', file, { onProgress: progress });
    const xhr = await nthXhr(1);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/campaigns/media?fileName=promo%C3%A7%C3%A3o+de+maio.png');
    expect(new URL(xhr.url, 'http://localhost').searchParams.get('fileName')).toBe('promoção de maio.png');
    expect(xhr.headers['Content-Type']).toBe('application/octet-stream');
    expect(xhr.headers.Authorization).toBe(`Bearer ${token}`);
    expect(xhr.body).toBe(file);
    xhr.progress(1, 4);
    expect(progress).toHaveBeenLastCalledWith({ loaded: 1, total: 4 });
    xhr.respond(201, stored);
    await expect(done).resolves.toMatchObject({ id: 44, fileName: 'promo.png' });
  });

  it('rejects with the server’s pt_BR message (413 over 100 MB)', async () => {
    logIn();
    const done = uploadAttachment('/api/bot/media', new File(['x'], 'filme.mp4'));
    (await nthXhr(1)).respond(413, { code: 'payload_too_large', message: 'O arquivo passa de 100 MB.' });
    await expect(done).rejects.toMatchObject({ status: 413, message: 'O arquivo passa de 100 MB.' });
  });

  it('sends only the id and the name of an attached file', () => {
    expect(toMediaAttachment({ mediaId: 3, fileName: 'a.pdf', size: 10, mimeType: 'application/pdf' })).toEqual({
      mediaId: 3,
      fileName: 'a.pdf',
    });
  });
});
