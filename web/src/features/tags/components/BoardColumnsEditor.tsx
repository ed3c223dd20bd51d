/**
 * "Colunas do quadro": which tags are the kanban board's columns, and in what order (after the
 * fixed "Sem etiqueta"). Columns are added from a list of the other tags, moved up and down and
 * taken out with buttons — keyboard and screen reader friendly: the focus stays on the moved
 * column's button and each change is announced —, then saved at once with `PUT /api/tags/board`.
 * Until saved, the changes are a draft ("Desfazer" drops it); without a draft the list follows the
 * tags as the socket reports them.
 */
import { ActionIcon, Button, Group, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { TagBadge, TagSwatch } from '../../../components/TagBadge';
import { errorMessage } from '../../../lib/api-errors';
import { boardTags, MAX_BOARD_COLUMNS, type Tag } from '../../../lib/tags';
import { useSaveBoardColumns } from '../api/set-board-columns';
import classes from './tags.module.css';

export interface BoardColumnsEditorProps {
  /** Every tag of the tenant. */
  tags: readonly Tag[];
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/** The id of a column's button, to give it the focus back after a move. */
function buttonId(tagId: number, action: 'up' | 'down' | 'remove'): string {
  return `board-column-${tagId}-${action}`;
}

export function BoardColumnsEditor({ tags }: BoardColumnsEditorProps) {
  const save = useSaveBoardColumns();
  const byId = useMemo(() => new Map(tags.map((tag) => [tag.id, tag])), [tags]);
  const saved = useMemo(() => boardTags(tags).map((tag) => tag.id), [tags]);
  const [draft, setDraft] = useState<number[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [addSearch, setAddSearch] = useState('');
  // A tag deleted meanwhile leaves the draft too.
  const columns = (draft ?? saved).filter((id) => byId.has(id));
  const dirty = draft !== null && !sameIds(columns, saved);
  const full = columns.length >= MAX_BOARD_COLUMNS;
  const addable = tags.filter((tag) => !columns.includes(tag.id));

  /** The button to focus after the list is drawn again (a move keeps the focus on its column). */
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  function nameOf(id: number): string {
    return byId.get(id)?.name ?? `Etiqueta ${id}`;
  }

  function change(next: number[], said: string) {
    setDraft(next);
    setFailure(null);
    setAnnouncement(said);
  }

  function move(index: number, by: -1 | 1) {
    const target = index + by;
    const id = columns[index];
    if (id === undefined || target < 0 || target >= columns.length) return;
    const next = [...columns];
    next.splice(index, 1);
    next.splice(target, 0, id);
    // At either end the button pressed is disabled: the focus goes to its sibling.
    const edge = target === 0 ? 'down' : target === columns.length - 1 ? 'up' : by < 0 ? 'up' : 'down';
    focusNext.current = buttonId(id, columns.length === 1 ? 'remove' : edge);
    change(next, `${nameOf(id)} agora é a coluna ${target + 1} de ${columns.length}.`);
  }

  function remove(index: number) {
    const id = columns[index];
    if (id === undefined) return;
    const next = columns.filter((other) => other !== id);
    const neighbour = next[Math.min(index, next.length - 1)];
    focusNext.current = neighbour === undefined ? 'board-column-add' : buttonId(neighbour, 'remove');
    change(next, `${nameOf(id)} saiu do quadro.`);
  }

  function add(value: string | null) {
    if (value === null || full) return;
    const id = Number(value);
    setAddSearch('');
    if (columns.includes(id)) return;
    change([...columns, id], `${nameOf(id)} entrou no quadro como a coluna ${columns.length + 1}.`);
  }

  function submit() {
    setFailure(null);
    save.mutate(columns, {
      onSuccess: (answer) => {
        setDraft(null);
        notifications.show({
          color: 'teal',
          title: 'Quadro salvo',
          message:
            answer.length === 0
              ? 'O quadro por etiqueta não tem colunas agora.'
              : `Colunas: Sem etiqueta, ${answer.map((tag) => tag.name).join(', ')}.`,
        });
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  }

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        O quadro mostra sempre primeiro a coluna “Sem etiqueta” (os atendimentos sem nenhuma destas etiquetas) e depois
        uma coluna por etiqueta, nesta ordem. Até {MAX_BOARD_COLUMNS} colunas.
      </Text>
      <FormAlert messages={failure ? [failure] : []} />
      {columns.length === 0 ? (
        <Text size="sm" data-testid="board-columns-empty">
          Nenhuma coluna escolhida: a visão por etiqueta do quadro fica vazia até você adicionar uma.
        </Text>
      ) : (
        <ol className={classes.columns} aria-label="Colunas do quadro, em ordem">
          {columns.map((id, index) => {
            const tag = byId.get(id);
            if (!tag) return null;
            return (
              <li key={id} className={classes.column} data-testid="board-column">
                <Text size="sm" c="dimmed" className={classes.position} aria-hidden>
                  {index + 1}
                </Text>
                <Group flex={1} miw={0}>
                  <TagBadge tag={tag} size="md" maw="100%" />
                </Group>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    id={buttonId(id, 'up')}
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={`Mover ${tag.name} para cima`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <IconArrowUp size={18} />
                  </ActionIcon>
                  <ActionIcon
                    id={buttonId(id, 'down')}
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={`Mover ${tag.name} para baixo`}
                    disabled={index === columns.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <IconArrowDown size={18} />
                  </ActionIcon>
                  <ActionIcon
                    id={buttonId(id, 'remove')}
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={`Tirar ${tag.name} do quadro`}
                    onClick={() => remove(index)}
                  >
                    <IconX size={18} />
                  </ActionIcon>
                </Group>
              </li>
            );
          })}
        </ol>
      )}
      <Select
        id="board-column-add"
        label="Adicionar coluna"
        placeholder={addable.length === 0 ? 'Todas as etiquetas já estão no quadro' : 'Escolha uma etiqueta'}
        description={full ? `O quadro já tem ${MAX_BOARD_COLUMNS} colunas, o máximo.` : undefined}
        data={addable.map((tag) => ({ value: String(tag.id), label: tag.name }))}
        renderOption={({ option }) => {
          const tag = byId.get(Number(option.value));
          return (
            <Group gap="xs" wrap="nowrap" miw={0} flex={1}>
              {tag ? <TagSwatch color={tag.color} /> : null}
              <Text size="sm" truncate miw={0} flex={1}>
                {option.label}
              </Text>
            </Group>
          );
        }}
        value={null}
        onChange={add}
        searchable
        searchValue={addSearch}
        onSearchChange={setAddSearch}
        nothingFoundMessage="Nenhuma etiqueta encontrada"
        disabled={full || addable.length === 0}
        maw={360}
        comboboxProps={{ withinPortal: true }}
      />
      <Group gap="sm">
        <Button onClick={submit} loading={save.isPending} disabled={!dirty}>
          Salvar colunas
        </Button>
        {dirty ? (
          <Button
            variant="default"
            onClick={() => {
              setDraft(null);
              setFailure(null);
              setAnnouncement('Alterações desfeitas.');
            }}
            disabled={save.isPending}
          >
            Desfazer alterações
          </Button>
        ) : null}
        {dirty ? (
          <Text size="sm" c="dimmed">
            Alterações não salvas.
          </Text>
        ) : null}
      </Group>
      <VisuallyHidden aria-live="polite" data-testid="board-columns-announcement">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
