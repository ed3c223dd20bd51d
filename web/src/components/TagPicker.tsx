/**
 * Picking a subject's tags (a ticket's, a customer's): a button ("Etiquetas") that opens a list of
 * the tenant's tags with a search (accents and case aside), each with its colour and a tick when
 * the subject carries it. Choosing one puts it on or takes it off at once (`onChange({add,
 * remove})`, one tag a time — the server merges changes, so two people tagging at once both land);
 * the list stays open for the next. Keyboard: the search takes the focus, arrows move, Enter
 * toggles, Esc closes and gives the focus back to the button. Tags the list does not know yet (still
 * loading) are offered from `selected`. In a row of a long list (`inRow`: the queue, a board card)
 * the button is a quiet icon and the list is only in the page while it is open.
 */
import { ActionIcon, Anchor, Button, Combobox, Group, Loader, ScrollArea, Text, useCombobox } from '@mantine/core';
import { IconCheck, IconTag } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { MAX_TAGS_PER_SUBJECT, sortTags, tagMatches, type TagRef } from '../lib/tags';
import { TagSwatch } from './TagBadge';

export interface TagPickerProps {
  /** Every tag of the tenant; undefined while they load. */
  tags: readonly TagRef[] | undefined;
  /** The tags could not be read. */
  failed?: boolean;
  /** The tags the subject carries. */
  selected: readonly TagRef[];
  /** One tag put on (`add`) or taken off (`remove`). */
  onChange: (change: { add: number[]; remove: number[] }) => void;
  /** The control's and the list's accessible name ("Etiquetas do atendimento"): it starts with "Etiquetas". */
  label: string;
  /** A change is being saved. */
  busy?: boolean;
  disabled?: boolean;
  /** An icon button (tight places) instead of the "Etiquetas" button. */
  compact?: boolean;
  /**
   * In a row of a long list (the queue, a board card): a quiet icon button (no border), its list
   * mounted only while open — one hidden list per row would otherwise sit in the page. Implies
   * `compact`.
   */
  inRow?: boolean;
  /** A class for the button (its place in the row, when it shows). */
  triggerClassName?: string;
  /** The tags screen, for whoever may create tags; null for everyone else. */
  manageHref?: string | null;
}

export function TagPicker({
  tags,
  failed = false,
  selected,
  onChange,
  label,
  busy = false,
  disabled = false,
  compact = false,
  inRow = false,
  triggerClassName,
  manageHref = null,
}: TagPickerProps) {
  const [search, setSearch] = useState('');
  const combobox = useCombobox({
    onDropdownOpen: () => {
      combobox.focusSearchInput();
      combobox.updateSelectedOptionIndex('active');
    },
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
  });

  const chosen = useMemo(() => new Set(selected.map((tag) => tag.id)), [selected]);
  const options = useMemo(() => {
    const byId = new Map<number, TagRef>();
    for (const tag of selected) byId.set(tag.id, tag);
    for (const tag of tags ?? []) byId.set(tag.id, tag);
    return sortTags([...byId.values()]).filter((tag) => tagMatches(tag.name, search));
  }, [tags, selected, search]);
  const full = chosen.size >= MAX_TAGS_PER_SUBJECT;

  function toggle(value: string) {
    const id = Number(value);
    if (chosen.has(id)) onChange({ add: [], remove: [id] });
    else if (!full) onChange({ add: [id], remove: [] });
  }

  let empty: string | null = null;
  if (options.length === 0) {
    if (tags === undefined && !failed) empty = 'Carregando etiquetas…';
    else if (failed) empty = 'Não foi possível carregar as etiquetas.';
    else if (search.trim() !== '') empty = 'Nenhuma etiqueta encontrada.';
    else empty = 'Nenhuma etiqueta criada ainda.';
  }

  const triggerProps = {
    'aria-haspopup': 'listbox' as const,
    'aria-expanded': combobox.dropdownOpened,
    disabled,
    className: triggerClassName,
    onClick: () => combobox.toggleDropdown(),
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={toggle}
      withinPortal
      position="bottom-end"
      width={280}
      shadow="md"
      keepMounted={!inRow}
    >
      <Combobox.Target withAriaAttributes={false} withKeyboardNavigation={false}>
        {inRow ? (
          <ActionIcon variant="subtle" color="gray" size={32} aria-label={label} title="Etiquetas" {...triggerProps}>
            {busy ? <Loader size={14} aria-label="Salvando" /> : <IconTag size={18} />}
          </ActionIcon>
        ) : compact ? (
          <ActionIcon variant="default" size={36} aria-label={label} title="Etiquetas" {...triggerProps}>
            {busy ? <Loader size={14} aria-label="Salvando" /> : <IconTag size={18} />}
          </ActionIcon>
        ) : (
          <Button
            variant="default"
            size="xs"
            aria-label={label}
            leftSection={busy ? <Loader size={12} aria-label="Salvando" /> : <IconTag size={14} aria-hidden />}
            {...triggerProps}
          >
            Etiquetas
          </Button>
        )}
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Search
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder="Buscar etiqueta"
          aria-label="Buscar etiqueta"
        />
        <Combobox.Options aria-label={label} aria-multiselectable>
          <ScrollArea.Autosize mah={260} type="scroll" scrollbars="y">
            {options.map((tag) => {
              const checked = chosen.has(tag.id);
              return (
                <Combobox.Option
                  key={tag.id}
                  value={String(tag.id)}
                  active={checked}
                  aria-selected={checked}
                  disabled={!checked && full}
                >
                  <Group gap="xs" wrap="nowrap" miw={0} flex={1}>
                    <IconCheck size={14} aria-hidden opacity={checked ? 1 : 0} />
                    <TagSwatch color={tag.color} />
                    <Text size="sm" truncate miw={0} maw={200}>
                      {tag.name}
                    </Text>
                  </Group>
                </Combobox.Option>
              );
            })}
            {empty ? <Combobox.Empty>{empty}</Combobox.Empty> : null}
          </ScrollArea.Autosize>
        </Combobox.Options>
        {full || manageHref ? (
          <Combobox.Footer>
            {full ? (
              <Text size="xs" c="dimmed">
                Até {MAX_TAGS_PER_SUBJECT} etiquetas: retire uma para incluir outra.
              </Text>
            ) : null}
            {manageHref ? (
              <Anchor component={Link} to={manageHref} size="sm">
                Gerenciar etiquetas
              </Anchor>
            ) : null}
          </Combobox.Footer>
        ) : null}
      </Combobox.Dropdown>
    </Combobox>
  );
}
