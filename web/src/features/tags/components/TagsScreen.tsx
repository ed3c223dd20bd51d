/**
 * /tags content (route `tags`; docs/tags.md): the tenant's tags, by name — created and edited in a
 * dialog (name and colour), deleted after confirming (it leaves every ticket and customer) — and
 * "Colunas do quadro": which tags are the kanban board's columns, in order. The list is short (at
 * most 200), so the search works in the browser; it follows the socket's `TagsChanged` (someone
 * else's change shows at once, lib/tags.ts).
 */
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListToolbar } from '../../../components/ListToolbar';
import { SearchField } from '../../../components/SearchField';
import { errorMessage } from '../../../lib/api-errors';
import { MAX_TAG_NAME, tagMatches, useTags } from '../../../lib/tags';
import { useDeleteTag } from '../api/delete-tag';
import { tagsCount } from '../format';
import { BoardColumnsEditor } from './BoardColumnsEditor';
import { TagFormModal } from './TagFormModal';
import type { TagAction } from './TagRow';
import { TagsList } from './TagsList';

type Dialog = { kind: 'none' } | { kind: 'create' } | TagAction;

export function TagsScreen() {
  const tags = useTags();
  const remove = useDeleteTag();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const all = tags.data ?? [];
  const shown = all.filter((tag) => tagMatches(tag.name, search));
  const onBoard = all.filter((tag) => tag.boardPosition !== null).length;
  const editing = dialog.kind === 'edit' ? dialog.tag : null;
  const deleting = dialog.kind === 'delete' ? dialog.tag : null;
  const createButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'create' })}>
      Nova etiqueta
    </Button>
  );

  return (
    <Stack gap="xl">
      <Stack gap="md" component="section" aria-labelledby="tags-list-title">
        <Title order={2} size="h4" id="tags-list-title">
          Todas as etiquetas
        </Title>
        {all.length > 0 ? (
          <>
            <ListToolbar filtersBasis="260px" action={createButton}>
              <SearchField
                aria-label="Buscar etiquetas"
                placeholder="Buscar por nome"
                value={search}
                onValueChange={setSearch}
                searching={false}
                maxLength={MAX_TAG_NAME}
                flex="1 1 220px"
                maw={360}
              />
            </ListToolbar>
            <Text size="sm" c="dimmed" aria-live="polite">
              {tagsCount(all.length)}, {onBoard === 1 ? '1 no quadro' : `${onBoard} no quadro`}.
            </Text>
          </>
        ) : null}
        <TagsList
          tags={tags}
          shown={shown}
          searching={search.trim() !== ''}
          onClearSearch={() => setSearch('')}
          onCreate={() => setDialog({ kind: 'create' })}
          onAction={setDialog}
        />
      </Stack>

      {all.length > 0 ? (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="board-columns-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="board-columns-title">
              Colunas do quadro
            </Title>
            <BoardColumnsEditor tags={all} />
          </Stack>
        </Paper>
      ) : null}

      <TagFormModal opened={dialog.kind === 'create' || editing !== null} tag={editing} onClose={close} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Excluir etiqueta"
        confirmLabel="Excluir"
        color="red.8"
        loading={remove.isPending}
        onClose={close}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({
                color: 'teal',
                title: 'Etiqueta excluída',
                message: `“${deleting.name}” saiu de todos os atendimentos e clientes.`,
              });
              close();
            },
            onError: (error) => {
              notifications.show({
                color: 'red',
                title: 'Não foi possível excluir a etiqueta',
                message: errorMessage(error),
              });
              close();
            },
          });
        }}
      >
        {deleting
          ? `“${deleting.name}” sai de todos os atendimentos e clientes que a têm${deleting.boardPosition !== null ? ' e deixa de ser uma coluna do quadro' : ''}. Não dá para desfazer.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
