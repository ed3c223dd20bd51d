/**
 * One tag picked from the tenant's tags (lib/tags.ts `useTags`), each with its colour, searched
 * whatever the accents and case: the inbox queue's "Etiqueta", the analytics dashboard's filter and
 * the attendances sheet's. `allLabel` adds a first choice meaning "any tag" (null), for pickers that
 * are never empty ("Todas as etiquetas"); without it the field clears to null. A chosen id the list
 * does not name (a tag deleted since, the list not read yet, a shared link) stays choosable, so a
 * filter in use is never hidden.
 */
import { Group, Select, Text, type ComboboxItem, type OptionsFilter, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { tagMatches, type TagRef } from '../lib/tags';
import { TagSwatch } from './TagBadge';

/** The value of the "any tag" choice (`allLabel`). */
const ALL = 'all';

export interface TagSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'defaultValue'> {
  tags: readonly TagRef[];
  value: number | null;
  onChange: (tagId: number | null) => void;
  /** The first choice, meaning any tag ("Todas as etiquetas"); absent: the field is clearable instead. */
  allLabel?: string;
}

const accentInsensitive: OptionsFilter = ({ options, search }) =>
  options.filter((option) => !('value' in option) || option.value === ALL || tagMatches(option.label, search));

export function TagSelect({ tags, value, onChange, allLabel, ...props }: TagSelectProps) {
  const byId = useMemo(() => new Map(tags.map((tag) => [String(tag.id), tag])), [tags]);
  const data = useMemo(() => {
    const options: ComboboxItem[] = tags.map((tag) => ({ value: String(tag.id), label: tag.name }));
    if (value !== null && !byId.has(String(value))) options.push({ value: String(value), label: `Etiqueta ${value}` });
    return allLabel ? [{ value: ALL, label: allLabel }, ...options] : options;
  }, [tags, byId, value, allLabel]);
  const chosen = value === null ? undefined : byId.get(String(value));
  const selected = value === null ? (allLabel ? ALL : null) : String(value);
  return (
    <Select
      data={data}
      value={selected}
      onChange={(next) => onChange(next === null || next === ALL ? null : Number(next))}
      clearable={!allLabel}
      allowDeselect={!allLabel}
      searchable
      filter={accentInsensitive}
      nothingFoundMessage="Nenhuma etiqueta"
      leftSection={chosen ? <TagSwatch color={chosen.color} /> : undefined}
      renderOption={({ option }) => {
        const tag = byId.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap" miw={0} flex={1}>
            {tag ? <TagSwatch color={tag.color} /> : null}
            <Text size="sm" truncate miw={0} maw={200}>
              {option.label}
            </Text>
          </Group>
        );
      }}
      {...props}
    />
  );
}
