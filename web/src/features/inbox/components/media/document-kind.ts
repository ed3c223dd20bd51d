/** A document's icon and name by its MIME type. */
import {
  IconFile,
  IconFileMusic,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconFileZip,
  IconMovie,
  IconPhoto,
  type Icon,
} from '@tabler/icons-react';

/** The icon of a MIME type, and what it is called (the icon's accessible name). */
export function documentKind(mime: string | null | undefined): { icon: Icon; label: string } {
  const type = (mime ?? '').toLowerCase();
  if (type === 'application/pdf') return { icon: IconFileTypePdf, label: 'PDF' };
  if (type.startsWith('image/')) return { icon: IconPhoto, label: 'Imagem' };
  if (type.startsWith('audio/')) return { icon: IconFileMusic, label: 'Áudio' };
  if (type.startsWith('video/')) return { icon: IconMovie, label: 'Vídeo' };
  if (/spreadsheet|excel|csv/.test(type)) return { icon: IconFileSpreadsheet, label: 'Planilha' };
  if (/zip|compressed|x-rar|x-7z|gzip|x-tar/.test(type)) return { icon: IconFileZip, label: 'Arquivo compactado' };
  if (/word|document|text\/|rtf|presentation|powerpoint/.test(type)) return { icon: IconFileText, label: 'Documento' };
  return { icon: IconFile, label: 'Arquivo' };
}
