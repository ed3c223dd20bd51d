/**
 * A new mention while the tab is hidden: a browser notification, when the browser allows it. The
 * permission is the inbox's to ask (features/inbox/alert.ts, `NotificationPrompt`, once): this only
 * uses what was granted, and never asks.
 */
import type { Mention } from './api/schemas';
import { mentionNotice } from './labels';

/** Shows the notification if allowed; a click focuses the tab and runs `onOpen` (the ticket). */
export function alertMention(mention: Mention, onOpen: () => void): void {
  if (typeof window === 'undefined' || !('Notification' in window)) return;
  if (Notification.permission !== 'granted') return;
  const notice = mentionNotice(mention);
  try {
    const notification = new Notification(notice.title, { body: notice.message, tag: `mention-${mention.id}` });
    notification.onclick = () => {
      window.focus();
      onOpen();
      notification.close();
    };
  } catch {
    // Some browsers only show notifications from a service worker: the toast and the badge still tell.
  }
}
