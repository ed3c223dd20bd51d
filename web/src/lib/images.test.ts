import { describe, expect, it } from 'vitest';
import { allowedImageUrl } from './images';

// The server's policy: img-src 'self' data: blob: https:
describe('allowedImageUrl', () => {
  const page = 'http://acme.localhost:8080';

  it('keeps HTTPS, data:, blob: and same-origin images', () => {
    expect(allowedImageUrl('https://cdn.example/ana.png', page)).toBe('https://cdn.example/ana.png');
    expect(allowedImageUrl('data:image/png;base64,iVBORw0KGgo=', page)).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(allowedImageUrl('blob:http://acme.localhost:8080/1234', page)).toBe('blob:http://acme.localhost:8080/1234');
    expect(allowedImageUrl('/uploads/ana.png', page)).toBe('/uploads/ana.png');
    expect(allowedImageUrl('http://acme.localhost:8080/uploads/ana.png', page)).toBe(
      'http://acme.localhost:8080/uploads/ana.png',
    );
  });

  it('drops what the policy refuses, and empty values', () => {
    expect(allowedImageUrl('http://cdn.example/ana.png', page)).toBeNull();
    expect(allowedImageUrl('//cdn.example/ana.png', page)).toBeNull();
    expect(allowedImageUrl('ftp://cdn.example/ana.png', page)).toBeNull();
    expect(allowedImageUrl('javascript:alert(1)', page)).toBeNull();
    expect(allowedImageUrl('', page)).toBeNull();
    expect(allowedImageUrl('   ', page)).toBeNull();
    expect(allowedImageUrl(null, page)).toBeNull();
    expect(allowedImageUrl(undefined, page)).toBeNull();
  });
});
