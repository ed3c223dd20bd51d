import { describe, expect, it } from 'vitest';
import { filterReplies, fold, matchReply, MatchRank, slashTrigger } from './quick-reply-match';

const boleto = { shortcut: 'boleto', text: 'Bom dia, Maria! Segue o boleto atualizado.' };
const horario = { shortcut: 'horario', text: 'Atendemos de segunda a sexta, das 8h às 18h.' };
const bolsa = { shortcut: 'bolsa-familia', text: 'Aceitamos o cartão do programa.' };
const obol = { shortcut: 'obol', text: 'Moeda antiga.' };
const pix = { shortcut: 'pix', text: 'A chave Pix é o CNPJ. Envie o comprovante do boleto pago.' };
const bot = { shortcut: 'b_o_t', text: 'Sou um robô.' };

const shortcuts = (list: readonly { shortcut: string }[]) => list.map((reply) => reply.shortcut);

describe('fold', () => {
  it('drops case and accents', () => {
    expect(fold('Boletó Ação ÇÃ')).toBe('boleto acao ca');
  });
});

describe('slashTrigger', () => {
  it('finds a `/query` at the start or after whitespace, up to the caret', () => {
    expect(slashTrigger('/bol', 4)).toEqual({ start: 0, end: 4, query: 'bol' });
    expect(slashTrigger('Olá /', 5)).toEqual({ start: 4, end: 5, query: '' });
    expect(slashTrigger('Olá\n/bo', 7)).toEqual({ start: 4, end: 7, query: 'bo' });
    // The caret in the middle of the query: only what comes before it.
    expect(slashTrigger('/boleto', 3)).toEqual({ start: 0, end: 3, query: 'bo' });
  });

  it('ignores slashes in links, dates and words, and after a space', () => {
    expect(slashTrigger('https://exemplo.com/bol', 23)).toBeNull();
    expect(slashTrigger('dia 12/05', 9)).toBeNull();
    expect(slashTrigger('/bol ', 5)).toBeNull();
    expect(slashTrigger('/a/b', 4)).toBeNull();
    expect(slashTrigger('', 0)).toBeNull();
    expect(slashTrigger('texto', 5)).toBeNull();
  });
});

describe('matchReply', () => {
  it('ranks shortcut prefix > shortcut substring > text word prefix > subsequence', () => {
    expect(matchReply('bol', boleto)?.rank).toBe(MatchRank.ShortcutPrefix);
    expect(matchReply('let', boleto)?.rank).toBe(MatchRank.ShortcutSubstring);
    expect(matchReply('atua', boleto)?.rank).toBe(MatchRank.TextWordPrefix);
    expect(matchReply('bto', boleto)?.rank).toBe(MatchRank.Subsequence);
    expect(matchReply('xyz', boleto)).toBeNull();
  });

  it('ignores accents and case in the query and in the reply', () => {
    expect(matchReply('boletó', boleto)?.rank).toBe(MatchRank.ShortcutPrefix);
    expect(matchReply('BOL', boleto)?.rank).toBe(MatchRank.ShortcutPrefix);
    expect(matchReply('as', horario)?.rank).toBe(MatchRank.TextWordPrefix);
    expect(matchReply('robo', bot)?.rank).toBe(MatchRank.TextWordPrefix);
  });

  it('matches everything on an empty query', () => {
    expect(matchReply('', boleto)).not.toBeNull();
  });
});

describe('filterReplies', () => {
  it('"/bol" and "/boletó" find the boleto reply first', () => {
    const replies = [pix, horario, obol, bolsa, boleto];
    expect(shortcuts(filterReplies(replies, 'bol'))).toEqual(['bolsa-familia', 'boleto', 'obol', 'pix']);
    expect(shortcuts(filterReplies(replies, 'boletó'))).toEqual(['boleto', 'pix']);
  });

  it('puts the exact shortcut first, then keeps the server’s order among equals', () => {
    const exact = { shortcut: 'bol', text: '' };
    expect(shortcuts(filterReplies([bolsa, boleto, exact], 'bol'))).toEqual(['bol', 'bolsa-familia', 'boleto']);
  });

  it('prefers the tighter subsequence', () => {
    const loose = { shortcut: 'b-x-x-x-t', text: '' };
    const tight = { shortcut: 'abt', text: '' };
    expect(shortcuts(filterReplies([loose, tight], 'bt'))).toEqual(['abt', 'b-x-x-x-t']);
  });

  it('keeps every reply, in order, on an empty query', () => {
    expect(shortcuts(filterReplies([pix, boleto, horario], ''))).toEqual(['pix', 'boleto', 'horario']);
  });
});
