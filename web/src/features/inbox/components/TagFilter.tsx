/**
 * The queue's tag filter ("Etiqueta"): the tenant's tags with their colours, searched whatever the
 * accents and case; cleared to show every ticket. A tag in the URL the list does not name (deleted,
 * or not read yet) stays choosable, so it can be seen and cleared.
 */
import { Group, Select, Text, type ComboboxItem, type OptionsFilter, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { TagSwatch } from '../../../components/TagBadge';
import { tagMatches, type TagRef } from '../../../lib/tags';

export interface TagFilterProps extends Pick<SelectProps, 'w' | 'flex'> {
  tags: readonly TagRef[];
  value: number | null;
  onChange: (tagId: number | null) => void;
}

const accentInsensitive: OptionsFilter = ({ options, search }) =>
  options.filter((option) => !('value' in option) || tagMatches(option.label, search));

export function TagFilter({ tags, value, onChange, ...props }: TagFilterProps) {
  const byId = useMemo(() => new Map(tags.map((tag) => [String(tag.id), tag])), [tags]);
  const data = useMemo(() => {
    const options: ComboboxItem[] = tags.map((tag) => ({ value: String(tag.id), label: tag.name }));
    if (value !== null && !byId.has(String(value))) options.push({ value: String(value), label: `Etiqueta ${value}` });
    return options;
  }, [tags, byId, value]);
  const chosen = value === null ? undefined : byId.get(String(value));
  return (
    <Select
      aria-label="Filtrar por etiqueta"
      placeholder="Etiqueta"
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      clearable
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
      size="sm"
      miw={0}
      // Wider than the field (a narrow half of the queue's line): a tag's name up to 40 characters
      // is cut at 200 px, so the list never scrolls sideways.
      comboboxProps={{ withinPortal: true, width: 260, position: 'bottom-end' }}
      {...props}
    />
  );
}
