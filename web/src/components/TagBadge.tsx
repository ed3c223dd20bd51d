/**
 * A tag as a coloured badge (its name on its colour, the text black or white for contrast in both
 * schemes: lib/tags.ts `readableTextOn`), and `TagBadges`: a subject's tags as a list, compact
 * (`max` badges and "+n", the rest named for screen readers and in the tooltip).
 */
import { Badge, ColorSwatch, Group, VisuallyHidden, type MantineSize } from '@mantine/core';
import { readableTextOn, type TagRef } from '../lib/tags';
import classes from './TagBadge.module.css';

export interface TagBadgeProps {
  tag: TagRef;
  size?: MantineSize;
  /** The widest the badge grows before its name is cut with "…" (the full name in its tooltip). */
  maw?: number | string;
}

export function TagBadge({ tag, size = 'sm', maw = 180 }: TagBadgeProps) {
  return (
    <Badge
      variant="filled"
      color={tag.color}
      c={readableTextOn(tag.color)}
      size={size}
      radius="sm"
      maw={maw}
      title={tag.name}
      className={classes.badge}
      data-tag-id={tag.id}
    >
      {tag.name}
    </Badge>
  );
}

/** A tag's colour as a small swatch beside its name (decorative: the name says which tag). */
export function TagSwatch({ color, size = 12 }: { color: string; size?: number }) {
  // The swatch's inner ring keeps a dark tag visible on the dark scheme and a pale one on white.
  return <ColorSwatch color={color} size={size} className={classes.swatch} aria-hidden />;
}

export interface TagBadgesProps {
  tags: readonly TagRef[];
  /** How many badges show; the rest become "+n". Default: all. */
  max?: number;
  size?: MantineSize;
  /** The list's accessible name ("Etiquetas do atendimento"). */
  label: string;
  maw?: number | string;
}

export function TagBadges({ tags, max, size = 'sm', label, maw }: TagBadgesProps) {
  if (tags.length === 0) return null;
  const shown = max === undefined ? tags : tags.slice(0, max);
  const hidden = tags.slice(shown.length);
  return (
    <Group component="ul" gap={4} wrap="wrap" className={classes.list} aria-label={label}>
      {shown.map((tag) => (
        <li key={tag.id}>
          <TagBadge tag={tag} size={size} maw={maw} />
        </li>
      ))}
      {hidden.length > 0 ? (
        <li>
          <Badge variant="default" size={size} radius="sm" tt="none" title={hidden.map((tag) => tag.name).join(', ')}>
            <span aria-hidden>+{hidden.length}</span>
            <VisuallyHidden>
              {hidden.length === 1 ? 'e mais 1 etiqueta' : `e mais ${hidden.length} etiquetas`}:{' '}
              {hidden.map((tag) => tag.name).join(', ')}
            </VisuallyHidden>
          </Badge>
        </li>
      ) : null}
    </Group>
  );
}
