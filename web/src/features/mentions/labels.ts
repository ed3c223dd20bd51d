/** The mentions' words in pt_BR: the button's name, the badge, who wrote, a note's preview. */
import type { Mention } from './api/schemas';

/** The header button's name: "Menções: 3 não lidas", "Menções: 1 não lida", or "Menções". */
export function mentionsButtonLabel(unread: number): string {
  if (unread <= 0) return 'Menções';
  return `Menções: ${unread} ${unread === 1 ? 'não lida' : 'não lidas'}`;
}

/** The badge's text: the count, "99+" above 99. */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/** Who wrote the note ("Alguém" when their user was removed). */
export function authorName(mention: Pick<Mention, 'author'>): string {
  return mention.author?.name.trim() || 'Alguém';
}

/** Where: "em Maria Souza · #2024000123". */
export function whereLabel(mention: Pick<Mention, 'customerName' | 'protocol'>): string {
  const customer = mention.customerName.trim() || 'cliente sem nome';
  return `em ${customer} · #${mention.protocol}`;
}

/** The note on one line, at most `max` characters ("…" when cut). */
export function notePreview(body: string, max = 120): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}

/** The notification of a new mention (the toast and the browser's). */
export function mentionNotice(mention: Mention): { title: string; message: string } {
  return {
    title: `${authorName(mention)} mencionou você`,
    message: `${mention.customerName.trim() || `#${mention.protocol}`}: ${notePreview(mention.body)}`,
  };
}
