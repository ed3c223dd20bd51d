import { IconFile, IconFileSpreadsheet, IconFileTypePdf, IconMovie, IconPhoto } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { fileKind } from './file-kind';

describe('a file’s kind', () => {
  it('goes by the MIME type when known, else by the name’s extension', () => {
    expect(fileKind('x', 'application/pdf')).toEqual({ icon: IconFileTypePdf, label: 'PDF' });
    expect(fileKind('tabela.PDF')).toEqual({ icon: IconFileTypePdf, label: 'PDF' });
    expect(fileKind('promo.png', 'application/octet-stream')).toEqual({ icon: IconPhoto, label: 'Imagem' });
    expect(fileKind('video.mp4', null).icon).toBe(IconMovie);
    expect(fileKind('lista.xlsx').label).toBe('Planilha');
    expect(fileKind('lista.xlsx').icon).toBe(IconFileSpreadsheet);
    expect(fileKind('sem-extensao')).toEqual({ icon: IconFile, label: 'Arquivo' });
  });
});
