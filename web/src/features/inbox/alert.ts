/**
 * A new customer message while the tab is hidden: a browser notification (when allowed) and a
 * short sound. Permission is asked once, from the inbox (`NotificationPrompt`): the answer —
 * or "agora não" — is remembered in localStorage and never asked again.
 */

/** localStorage: the user already answered the notification question (`granted`, `denied`, `later`). */
export const NOTIFICATIONS_ASKED_KEY = 'inboxNotificationsAsked';

export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/** Whether the inbox should ask for notifications: supported, undecided, never asked. */
export function shouldAskForNotifications(): boolean {
  if (!notificationsSupported()) return false;
  return Notification.permission === 'default' && localStorage.getItem(NOTIFICATIONS_ASKED_KEY) === null;
}

/** Asks the browser (after a click: browsers ignore or demote a request without a gesture). */
export async function askForNotifications(): Promise<NotificationPermission | 'unsupported'> {
  if (!notificationsSupported()) return 'unsupported';
  let answer: NotificationPermission;
  try {
    answer = await Notification.requestPermission();
  } catch {
    answer = Notification.permission;
  }
  localStorage.setItem(NOTIFICATIONS_ASKED_KEY, answer === 'default' ? 'later' : answer);
  return answer;
}

export function declineNotifications(): void {
  localStorage.setItem(NOTIFICATIONS_ASKED_KEY, 'later');
}

let audio: AudioContext | null = null;

/** Two short soft tones (Web Audio: no file to load). Silently nothing where audio is not allowed. */
export function playChime(): void {
  try {
    const Context =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    const context = audio;
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    [880, 1320].forEach((frequency, index) => {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      const at = start + index * 0.12;
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.2);
    });
  } catch {
    // No sound is better than an error: the notification (or the badge) still tells.
  }
}

export interface MessageAlert {
  ticketId: number;
  title: string;
  body: string;
  /** Opens the ticket (the notification was clicked). */
  onOpen: () => void;
}

/** The notification (if allowed) and the sound. One notification per ticket: a newer one replaces it. */
export function alertNewMessage({ ticketId, title, body, onOpen }: MessageAlert): void {
  playChime();
  if (!notificationsSupported() || Notification.permission !== 'granted') return;
  try {
    const notification = new Notification(title, { body, tag: `ticket-${ticketId}` });
    notification.onclick = () => {
      window.focus();
      onOpen();
      notification.close();
    };
  } catch {
    // Some browsers only show notifications from a service worker; the sound still played.
  }
}
