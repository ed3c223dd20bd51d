/**
 * Which image URLs the page may load: the server's Content-Security-Policy allows images from the
 * page's own origin, `data:`, `blob:` and any HTTPS host (`img-src 'self' data: blob: https:`,
 * server/src/edge.rs `content_security_policy`). A user's photo is a URL anyone with the right
 * route can set, so one outside that list is not even tried (the browser would refuse it and report
 * a violation); the avatar shows the initials instead.
 */

/** `url` when the policy lets the page load it, else null. */
export function allowedImageUrl(url: string | null | undefined, pageOrigin = window.location.origin): string | null {
  const text = url?.trim();
  if (!text) return null;
  let parsed: URL;
  try {
    parsed = new URL(text, pageOrigin);
  } catch {
    return null;
  }
  if (parsed.protocol === 'https:' || parsed.protocol === 'data:' || parsed.protocol === 'blob:') return text;
  return parsed.origin === pageOrigin ? text : null;
}
