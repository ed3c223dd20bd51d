/**
 * GET /api/media/limits?instanceId= → `{limits: [{type, mimeTypes, maxBytes}]}`: what the channel
 * takes (docs/media.md#sending). The composer checks every file against them before uploading; when
 * they cannot be read, WhatsApp's table (the same as docs/media.md's) is used.
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { inboxKeys } from '../keys';

export const MediaLimitSchema = z.object({
  type: z.string(),
  mimeTypes: z._default(z.array(z.string()), []),
  maxBytes: z.number(),
});
export type MediaLimit = z.infer<typeof MediaLimitSchema>;
const MediaLimitsSchema = z.object({ limits: z.array(MediaLimitSchema) });

const MB = 1024 * 1024;

/** WhatsApp's limits (docs/media.md#sending): a document is anything the others do not take. */
export const WHATSAPP_LIMITS: readonly MediaLimit[] = [
  { type: 'image', mimeTypes: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
  {
    type: 'audio',
    mimeTypes: ['audio/aac', 'audio/mp4', 'audio/mpeg', 'audio/amr', 'audio/ogg', 'audio/opus'],
    maxBytes: 16 * MB,
  },
  { type: 'video', mimeTypes: ['video/mp4', 'video/3gpp'], maxBytes: 16 * MB },
  { type: 'sticker', mimeTypes: ['image/webp'], maxBytes: 500 * 1024 },
  { type: 'document', mimeTypes: [], maxBytes: 100 * MB },
];

export async function getMediaLimits(instanceId: number): Promise<MediaLimit[]> {
  const answer = await http.get(`/api/media/limits`, { query: { instanceId }, schema: MediaLimitsSchema });
  return answer.limits;
}

/** The channel's limits; WhatsApp's while they load or when they cannot be read. */
export function useMediaLimits(instanceId: number | undefined): readonly MediaLimit[] {
  const query = useQuery({
    queryKey: [...inboxKeys.mediaLimits(), instanceId ?? 0],
    queryFn: () => getMediaLimits(instanceId ?? 0),
    enabled: instanceId !== undefined,
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
  return query.data && query.data.length > 0 ? query.data : WHATSAPP_LIMITS;
}

const TYPE_NAMES: Record<string, string> = {
  image: 'Imagem',
  audio: 'Áudio',
  video: 'Vídeo',
  document: 'Documento',
  sticker: 'Figurinha',
};

/** `5 MB`, `500 KB`: a limit as the server words it (binary or decimal units, whichever is round). */
export function formatLimit(bytes: number): string {
  for (const [unit, name] of [
    [MB, 'MB'],
    [1_000_000, 'MB'],
    [1024, 'KB'],
    [1000, 'KB'],
  ] as const) {
    if (bytes >= unit && bytes % unit === 0) return `${bytes / unit} ${name}`;
  }
  const size = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
  return bytes >= MB ? `${size.format(bytes / MB)} MB` : `${size.format(bytes / 1024)} KB`;
}

/** The file's type without parameters, lower case (`audio/ogg; codecs=opus` → `audio/ogg`). */
function baseType(mime: string): string {
  return (mime.split(';')[0] ?? '').trim().toLowerCase();
}

function accepts(limit: MediaLimit, mime: string): boolean {
  return limit.mimeTypes.some((accepted) => {
    const wanted = baseType(accepted);
    if (wanted === '*/*' || wanted === '*') return true;
    if (wanted.endsWith('/*')) return mime.startsWith(wanted.slice(0, -1));
    return wanted === mime;
  });
}

export type LimitCheck = { ok: true; type: string } | { ok: false; message: string };

/**
 * How the channel would take a file: the type whose list has its MIME type, else a document when
 * the channel takes any document (an empty list); a file over its type's size is refused with the
 * server's own words ("Vídeo acima de 16 MB.").
 */
export function checkFile(file: { type: string; size: number }, limits: readonly MediaLimit[]): LimitCheck {
  const mime = baseType(file.type || 'application/octet-stream');
  const limit =
    limits.find((l) => l.type !== 'document' && accepts(l, mime)) ??
    limits.find((l) => l.type === 'document' && (l.mimeTypes.length === 0 || accepts(l, mime)));
  if (!limit) {
    return { ok: false, message: `Este tipo de arquivo não pode ser enviado por esta conexão (${mime}).` };
  }
  if (file.size === 0) return { ok: false, message: 'O arquivo está vazio.' };
  if (file.size > limit.maxBytes) {
    return {
      ok: false,
      message: `${TYPE_NAMES[limit.type] ?? 'Arquivo'} acima de ${formatLimit(limit.maxBytes)}.`,
    };
  }
  return { ok: true, type: limit.type };
}
