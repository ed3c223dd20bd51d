/**
 * The period's messages by type (docs/analytics.md#definitions, "Mensagens por tipo"): photos,
 * audios, videos, documents and others as the server counts them; text is the rest of the
 * messages received and sent. Each with its share of the total.
 */
import type { Totals } from './api/schemas';

export type MessageTypeId = 'text' | 'image' | 'audio' | 'video' | 'document' | 'other';

export interface MessageTypeRow {
  id: MessageTypeId;
  /** The type's name on screen (plural). */
  label: string;
  count: number;
}

export interface MessageTypes {
  /** Texto, Fotos, Áudios, Vídeos, Documentos, Outros: always the six, in this order. */
  rows: MessageTypeRow[];
  /** Their sum: the messages received and sent. */
  total: number;
}

function nonNegative(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export function messageTypes(totals: Totals): MessageTypes {
  const typed: MessageTypeRow[] = [
    { id: 'image', label: 'Fotos', count: nonNegative(totals.messagesImage) },
    { id: 'audio', label: 'Áudios', count: nonNegative(totals.messagesAudio) },
    { id: 'video', label: 'Vídeos', count: nonNegative(totals.messagesVideo) },
    { id: 'document', label: 'Documentos', count: nonNegative(totals.messagesDocument) },
    { id: 'other', label: 'Outros', count: nonNegative(totals.messagesOther) },
  ];
  const typedSum = typed.reduce((sum, row) => sum + row.count, 0);
  // Never below zero, should the types ever add up to more than the messages.
  const text = nonNegative(totals.messagesIn + totals.messagesOut - typedSum);
  const rows = [{ id: 'text' as const, label: 'Texto', count: text }, ...typed];
  return { rows, total: text + typedSum };
}
