import { describe, expect, it } from 'vitest';
import { checkFile, formatLimit, WHATSAPP_LIMITS, type MediaLimit } from './media-limits';

const MB = 1024 * 1024;

describe('the channel’s limits', () => {
  it('says what is too large in the server’s words', () => {
    expect(checkFile({ type: 'video/mp4', size: 17 * MB }, WHATSAPP_LIMITS)).toEqual({
      ok: false,
      message: 'Vídeo acima de 16 MB.',
    });
    expect(checkFile({ type: 'image/jpeg', size: 6 * MB }, WHATSAPP_LIMITS)).toEqual({
      ok: false,
      message: 'Imagem acima de 5 MB.',
    });
    expect(checkFile({ type: 'image/webp', size: 600 * 1024 }, WHATSAPP_LIMITS)).toEqual({
      ok: false,
      message: 'Figurinha acima de 500 KB.',
    });
    expect(checkFile({ type: 'application/pdf', size: 101 * MB }, WHATSAPP_LIMITS)).toEqual({
      ok: false,
      message: 'Documento acima de 100 MB.',
    });
  });

  it('takes what fits, anything else as a document', () => {
    expect(checkFile({ type: 'image/png', size: MB }, WHATSAPP_LIMITS)).toEqual({ ok: true, type: 'image' });
    expect(checkFile({ type: 'audio/ogg; codecs=opus', size: MB }, WHATSAPP_LIMITS)).toEqual({
      ok: true,
      type: 'audio',
    });
    // A GIF is not an image WhatsApp takes: it goes as a document.
    expect(checkFile({ type: 'image/gif', size: MB }, WHATSAPP_LIMITS)).toEqual({ ok: true, type: 'document' });
    expect(checkFile({ type: '', size: 10 }, WHATSAPP_LIMITS)).toEqual({ ok: true, type: 'document' });
    expect(checkFile({ type: 'text/plain', size: 0 }, WHATSAPP_LIMITS)).toEqual({
      ok: false,
      message: 'O arquivo está vazio.',
    });
  });

  it('refuses a type a channel without documents does not take', () => {
    const limits: MediaLimit[] = [{ type: 'image', mimeTypes: ['image/*'], maxBytes: 5_000_000 }];
    expect(checkFile({ type: 'image/gif', size: 10 }, limits)).toEqual({ ok: true, type: 'image' });
    expect(checkFile({ type: 'application/zip', size: 10 }, limits)).toEqual({
      ok: false,
      message: 'Este tipo de arquivo não pode ser enviado por esta conexão (application/zip).',
    });
    expect(formatLimit(5_000_000)).toBe('5 MB');
    expect(formatLimit(512_000)).toBe('500 KB');
  });
});
