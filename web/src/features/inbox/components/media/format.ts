/** How the conversation names media (pt_BR): durations, sizes, map links, quoted snippets. */
import type { Media, Message, Quoted } from '../../api/schemas';
import { BOT_AUTHOR } from '../../format';

export { formatBytes } from '../../../../lib/download';

/** `0:42`, `12:05`, `1:02:03` from milliseconds. */
export function formatDuration(ms: number | null | undefined): string {
  const total = Math.max(0, Math.round((ms ?? 0) / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** OpenStreetMap at street level, centred on the point with a marker. */
export function mapUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}

/** The digits of a phone (`+55 11 98765-4321` → `5511987654321`). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** Who wrote a message, as its alt texts say it ("Foto enviada por …"). */
export function authorOf(message: Message, customerName: string): string {
  if (message.direction === 'in') return customerName;
  if (message.kind === 'bot') return BOT_AUTHOR;
  if (message.kind === 'campaign') return 'Campanha';
  return message.user?.name ?? 'Atendimento';
}

/** What a type is called when a message has no text of its own. */
export const TYPE_LABELS: Record<string, string> = {
  image: 'Foto',
  audio: 'Áudio',
  video: 'Vídeo',
  document: 'Documento',
  sticker: 'Figurinha',
  location: 'Localização',
  contacts: 'Contato',
  unsupported: 'Mensagem não suportada',
};

/** A quoted message in one line: its text, else its file name or what it is. */
export function quotedSnippet(quoted: Quoted): string {
  if (quoted.body.trim() !== '') return quoted.body;
  if (quoted.fileName) return quoted.fileName;
  return TYPE_LABELS[quoted.type] ?? 'Mensagem';
}

/** Whether an attachment can be shown (ready, with its link). */
export function mediaReady(media: Media | null | undefined): media is Media & { url: string } {
  return media?.status === 'ready' && typeof media.url === 'string' && media.url !== '';
}

/** The alt text of a photo or sticker: its caption, or who sent it. */
export function imageAlt(message: Message, customerName: string): string {
  const caption = message.body.trim();
  if (caption !== '' && message.type !== 'sticker') return caption;
  const what = message.type === 'sticker' ? 'Figurinha' : 'Foto';
  return `${what} enviada por ${authorOf(message, customerName)}`;
}

/** Who wrote a quoted message: the customer, or "Você" (the company's side). */
export function quotedAuthor(quoted: Quoted, customerName: string): string {
  return quoted.direction === 'in' ? customerName : 'Você';
}

/** A message as a reply quotes it. */
export function quoteOf(message: Message): Quoted {
  return {
    id: message.id,
    type: message.type,
    body: message.body,
    direction: message.direction,
    fileName: message.media?.fileName ?? null,
  };
}

/** The reaction picker's emojis. */
export const REACTION_EMOJIS = ['👍', '❤️', '😂', '😮', '😢', '🙏', '👏', '✅'] as const;
