import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn } from '../../../testing/fixtures';
import { nthXhr, stubXhr } from '../../../testing/fake-xhr';
import { uploadNoteMedia } from './upload-note-media';

describe('uploading a note’s file', () => {
  beforeEach(() => {
    stubXhr();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the raw bytes to the ticket’s notes, named by `fileName`', async () => {
    const token = logIn();
    const file = new File(['%PDF'], 'comprovante junho.pdf', { type: 'application/pdf' });
    const done = uploadNoteMedia(12, file);
    const xhr = await nthXhr(1);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/tickets/12/notes/media?fileName=comprovante+junho.pdf');
    expect(xhr.headers['Content-Type']).toBe('application/octet-stream');
    expect(xhr.headers.Authorization).toBe(`Bearer ${token}`);
    expect(xhr.body).toBe(file);
    xhr.respond(201, {
      id: 31,
      type: 'document',
      mimeType: 'application/pdf',
      fileName: 'comprovante junho.pdf',
      size: 4,
    });
    await expect(done).resolves.toMatchObject({ id: 31, fileName: 'comprovante junho.pdf' });
  });

  it('rejects with the server’s pt_BR message', async () => {
    logIn();
    const done = uploadNoteMedia(12, new File(['x'], 'a.exe'));
    (await nthXhr(1)).respond(422, {
      code: 'media_type_not_allowed',
      message: 'Este tipo de arquivo não pode ser enviado.',
    });
    await expect(done).rejects.toMatchObject({ status: 422, code: 'media_type_not_allowed' });
  });
});
