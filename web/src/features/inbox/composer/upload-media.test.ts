import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jwtExpiringIn, json, logIn, stubFetch } from '../../../testing/fixtures';
import { nthXhr, stubXhr } from '../../../testing/fake-xhr';
import { getSession } from '../../../lib/session';
import { setUnauthorizedHandler } from '../../../lib/http';
import { uploadMedia } from './upload-media';

const stored = { id: 31, type: 'document', mimeType: 'application/pdf', fileName: 'boleto.pdf', size: 4 };

describe('uploading a file', () => {
  beforeEach(() => {
    stubXhr();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bytes with the bearer token and reports the progress', async () => {
    const token = logIn();
    const progress = vi.fn();
    const file = new File(['%PDF'], 'boleto.pdf', { type: 'application/pdf' });
    const done = uploadMedia(5, file, { fileName: 'boleto.pdf', onProgress: progress });
    const xhr = await nthXhr(1);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/tickets/5/media?fileName=boleto.pdf');
    expect(xhr.headers.Authorization).toBe(`Bearer ${token}`);
    expect(xhr.body).toBe(file);
    xhr.progress(2, 4);
    expect(progress).toHaveBeenLastCalledWith({ loaded: 2, total: 4 });
    xhr.respond(201, stored);
    await expect(done).resolves.toMatchObject({ id: 31, fileName: 'boleto.pdf' });
  });

  it('marks a voice note', async () => {
    logIn();
    const done = uploadMedia(5, new Blob(['x'], { type: 'audio/webm' }), { fileName: 'voz.webm', voice: true });
    const xhr = await nthXhr(1);
    expect(xhr.url).toBe('/api/tickets/5/media?fileName=voz.webm&voice=true');
    xhr.respond(201, { ...stored, type: 'audio', mimeType: 'audio/ogg; codecs=opus', voice: true });
    await expect(done).resolves.toMatchObject({ voice: true });
  });

  it('rejects with the server’s pt_BR message', async () => {
    logIn();
    const done = uploadMedia(5, new Blob(['x']), { fileName: 'a.bin' });
    (await nthXhr(1)).respond(422, {
      code: 'media_quota',
      message: 'O espaço de mídia da empresa acabou (1 GB de 1 GB).',
    });
    const error: unknown = await done.catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'media_quota' });
    expect((error as Error).message).toContain('acabou');
  });

  it('an expired token is refreshed and the upload sent once more with the new one', async () => {
    logIn();
    const fresh = jwtExpiringIn(900);
    stubFetch({ 'POST /api/auth/refresh': () => json({ refreshToken: { token: fresh } }) });
    const done = uploadMedia(5, new Blob(['x']), { fileName: 'a.bin' });
    (await nthXhr(1)).respond(401, { errors: [{ message: 'Token has expired' }] });
    const second = await nthXhr(2);
    expect(second.headers.Authorization).toBe(`Bearer ${fresh}`);
    second.respond(201, stored);
    await expect(done).resolves.toMatchObject({ id: 31 });
  });

  it('an ended session goes to /login', async () => {
    logIn();
    const goToLogin = vi.fn();
    setUnauthorizedHandler(goToLogin);
    const done = uploadMedia(5, new Blob(['x']), { fileName: 'a.bin' });
    (await nthXhr(1)).respond(401, { status: 'Token is Invalid' });
    await expect(done).rejects.toMatchObject({ status: 401 });
    expect(goToLogin).toHaveBeenCalled();
    expect(getSession().accessToken).toBeNull();
  });
});
