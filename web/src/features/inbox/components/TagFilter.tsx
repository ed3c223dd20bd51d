/**
 * The queue's tag filter ("Etiqueta"): the tenant's tags with their colours, searched whatever the
 * accents and case (components/TagSelect); cleared to show every ticket.
 */
import type { SelectProps } from '@mantine/core';
import { TagSelect } from '../../../components/TagSelect';
import type { TagRef } from '../../../lib/tags';

export interface TagFilterProps extends Pick<SelectProps, 'w' | 'flex'> {
  tags: readonly TagRef[];
  value: number | null;
  onChange: (tagId: number | null) => void;
}

export function TagFilter({ tags, value, onChange, ...props }: TagFilterProps) {
  return (
    <TagSelect
      tags={tags}
      value={value}
      onChange={onChange}
      aria-label="Filtrar por etiqueta"
      placeholder="Etiqueta"
      size="sm"
      miw={0}
      // Wider than the field (a narrow half of the queue's line): a tag's name up to 40 characters
      // is cut at 200 px, so the list never scrolls sideways.
      comboboxProps={{ withinPortal: true, width: 260, position: 'bottom-end' }}
      {...props}
    />
  );
}
