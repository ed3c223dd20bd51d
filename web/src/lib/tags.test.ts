import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  applyTagsEvent,
  boardTags,
  readableTextOn,
  setBoardColumns,
  tagChange,
  tagKeys,
  tagMatches,
  tagTextContrast,
  type Tag,
} from './tags';

function tag(id: number, name: string, boardPosition: number | null = null, color = '#228be6'): Tag {
  return { id, name, color, boardPosition, createdAt: '2026-12-01T12:00:00Z', updatedAt: '2026-12-01T12:00:00Z' };
}

describe('tags', () => {
  it('picks black or white text, whichever reads better: always WCAG AA on any colour', () => {
    expect(readableTextOn('#fab005')).toBe('#000000');
    expect(readableTextOn('#ffffff')).toBe('#000000');
    expect(readableTextOn('#1a1b1e')).toBe('#ffffff');
    expect(readableTextOn('#7950f2')).toBe('#ffffff');
    // Unreadable colour: treated as the default blue.
    expect(readableTextOn('red')).toBe(readableTextOn('#228be6'));
    for (let value = 0; value < 0xffffff; value += 0x0f0f0f) {
      const color = `#${value.toString(16).padStart(6, '0')}`;
      expect(tagTextContrast(color), color).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('searches names whatever the accents and case', () => {
    expect(tagMatches('Orçamento', 'orcam')).toBe(true);
    expect(tagMatches('Pós-venda', 'POS')).toBe(true);
    expect(tagMatches('Urgente', 'venda')).toBe(false);
    expect(tagMatches('Urgente', '  ')).toBe(true);
  });

  it('says what to add and remove to go from one set of tags to another', () => {
    expect(tagChange([1, 2], [2, 3])).toEqual({ add: [3], remove: [1] });
    expect(tagChange([], [])).toEqual({ add: [], remove: [] });
  });

  it('lists the board’s columns in their order', () => {
    const tags = [tag(1, 'A', 1), tag(2, 'B', null), tag(3, 'C', 0)];
    expect(boardTags(tags).map((t) => t.id)).toEqual([3, 1]);
    expect(boardTags(undefined)).toEqual([]);
  });

  it('TagsChanged rewrites the cached list (sorted by name); a bad payload reads it again', () => {
    const client = new QueryClient();
    client.setQueryData(tagKeys.list(), [tag(1, 'Antigo')]);
    const tags = applyTagsEvent(client, { event: 'TagsChanged', tags: [tag(2, 'Zebra'), tag(3, 'Ábaco', 0)] });
    expect(tags).toHaveLength(2);
    expect(client.getQueryData<Tag[]>(tagKeys.list())?.map((t) => t.name)).toEqual(['Ábaco', 'Zebra']);
    expect(applyTagsEvent(client, { event: 'Other' })).toBeNull();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(applyTagsEvent(client, { event: 'TagsChanged', tags: 'x' })).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: tagKeys.list() });
  });

  it('the board’s saved columns take their places; every other tag leaves the board', () => {
    const client = new QueryClient();
    client.setQueryData(tagKeys.list(), [tag(1, 'A', 0), tag(2, 'B', 1), tag(3, 'C')]);
    setBoardColumns(client, [tag(3, 'C', 0), tag(1, 'A', 1)]);
    expect(client.getQueryData<Tag[]>(tagKeys.list())?.map((t) => [t.id, t.boardPosition])).toEqual([
      [1, 1],
      [2, null],
      [3, 0],
    ]);
  });
});
