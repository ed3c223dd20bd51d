/**
 * A file's icon and what it is called, by its MIME type (a document in the conversation) or, when
 * only its name is known (a file a bot's answer or a campaign names), by its extension.
 */
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

export interface FileKind {
  icon: Icon;
  /** The icon's accessible name. */
  label: string;
}

/** The icon of a MIME type, and what it is called (the icon's accessible name). */
export function documentKind(mime: string | null | undefined): FileKind {
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

/** A MIME type that stands for each known extension (enough to pick the icon). */
const EXTENSION_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  oga: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  amr: 'audio/amr',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  '3gp': 'video/3gpp',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  csv: 'text/csv',
  zip: 'application/zip',
  rar: 'application/x-rar',
  '7z': 'application/x-7z-compressed',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  txt: 'text/plain',
  rtf: 'application/rtf',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** The kind of a file: by its MIME type when known, else by its name's extension. */
export function fileKind(fileName: string, mime?: string | null): FileKind {
  if (mime && mime !== 'application/octet-stream') return documentKind(mime);
  const dot = fileName.lastIndexOf('.');
  const extension = dot >= 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  return documentKind(EXTENSION_TYPES[extension]);
}
