import { describe, expect, it } from 'vitest';
import { filterTargets, mentionTrigger, noteSegments, stillMentioned } from './mention-match';

const people = [
  { id: 1, name: 'Ana Paula' },
  { id: 2, name: 'Ana' },
  { id: 3, name: 'Conceição Araújo' },
  { id: 4, name: 'Luana Ávila' },
];

describe('mentionTrigger', () => {
  it('finds the `@name` being typed at the start or after whitespace', () => {
    expect(mentionTrigger('@', 1)).toEqual({ start: 0, end: 1, query: '' });
    expect(mentionTrigger('oi @Ana Pa', 10)).toEqual({ start: 3, end: 10, query: 'Ana Pa' });
    expect(mentionTrigger('linha\n@con', 10)).toEqual({ start: 6, end: 10, query: 'con' });
  });

  it('ignores e-mails, an `@` left behind and text typed past a name', () => {
    expect(mentionTrigger('ana@loja', 8)).toBeNull();
    expect(mentionTrigger('@ ana', 5)).toBeNull();
    expect(mentionTrigger('@ana  x', 7)).toBeNull();
    expect(mentionTrigger('@Ana Paula de Souza Lima', 24)).toBeNull();
    expect(mentionTrigger('@ana/bol', 8)).toBeNull();
    expect(mentionTrigger('@ana', 0)).toBeNull();
  });
});

describe('filterTargets', () => {
  it('ignores accents and case; a name that starts so comes before one with a later word that does', () => {
    expect(filterTargets(people, 'conceicao').map((p) => p.id)).toEqual([3]);
    expect(filterTargets(people, 'AVI').map((p) => p.id)).toEqual([4]);
    expect(filterTargets(people, 'ana').map((p) => p.id)).toEqual([1, 2]);
    expect(filterTargets(people, 'ana p').map((p) => p.id)).toEqual([1]);
    expect(filterTargets(people, '').map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(filterTargets(people, 'xyz')).toEqual([]);
  });
});

describe('stillMentioned', () => {
  it('keeps those whose `@Name` is whole in the text, the longer name first', () => {
    expect(stillMentioned('@Ana Paula, veja', people).map((p) => p.id)).toEqual([1]);
    expect(stillMentioned('@Ana Paula e @Ana, vejam', people).map((p) => p.id)).toEqual([1, 2]);
    expect(stillMentioned('@Anabela, veja', people)).toEqual([]);
    expect(stillMentioned('Ana Paula sem arroba', people)).toEqual([]);
  });
});

describe('noteSegments', () => {
  it('marks known names whole, and guesses capitalised names otherwise', () => {
    expect(noteSegments('@Maria da Silva, pode ver? ana@loja.com', [])).toEqual([
      { text: '@Maria da Silva', mention: true },
      { text: ', pode ver? ana@loja.com', mention: false },
    ]);
    expect(noteSegments('Oi @ana Paula Souza hoje', ['ana Paula'])).toEqual([
      { text: 'Oi ', mention: false },
      { text: '@ana Paula', mention: true },
      { text: ' Souza hoje', mention: false },
    ]);
    expect(noteSegments('sem menção')).toEqual([{ text: 'sem menção', mention: false }]);
    expect(noteSegments('@Carlos e @Bia')).toEqual([
      { text: '@Carlos', mention: true },
      { text: ' e ', mention: false },
      { text: '@Bia', mention: true },
    ]);
  });
});
