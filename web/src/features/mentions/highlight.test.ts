import { describe, expect, it } from 'vitest';
import { noteSegments } from './highlight';

describe('noteSegments', () => {
  it('marks a known name whole, ignoring case and accents', () => {
    expect(noteSegments('@ana souza o cliente já pagou', ['Ana Souza'])).toEqual([
      { text: '@ana souza', mention: true },
      { text: ' o cliente já pagou', mention: false },
    ]);
    expect(noteSegments('Veja @Joao Conceicao.', ['João Conceição'])).toEqual([
      { text: 'Veja ', mention: false },
      { text: '@Joao Conceicao', mention: true },
      { text: '.', mention: false },
    ]);
  });

  it('marks the word after any other @, not an e-mail nor a lone @', () => {
    expect(noteSegments('@Carlos, fale com ana@loja.com @ agora', ['Ana Souza'])).toEqual([
      { text: '@Carlos', mention: true },
      { text: ', fale com ana@loja.com @ agora', mention: false },
    ]);
  });

  it('keeps a text without mentions in one part', () => {
    expect(noteSegments('Sem menções aqui.')).toEqual([{ text: 'Sem menções aqui.', mention: false }]);
    expect(noteSegments('')).toEqual([]);
  });
});
