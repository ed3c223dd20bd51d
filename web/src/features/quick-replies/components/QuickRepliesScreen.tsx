/**
 * /quick-replies content (route `quick-replies`, open to every user; docs/quick-replies.md): the
 * quick replies the user sees — the company's, the departments', their own — by shortcut, filtered
 * by who uses them ("Todas", "Empresa", "Departamentos", "Pessoais") and searched on the server
 * (shortcut or text, once typing pauses), page after page. "Nova resposta" creates one; a reply the
 * user keeps (`editable`) is edited or deleted (after confirming) from its row. Only administrators
 * and supervisors (`manager`) create the company's and the departments' replies.
 */
import { Button, SegmentedControl, Stack, useMantineTheme } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListToolbar } from '../../../components/ListToolbar';
import { SearchField } from '../../../components/SearchField';
import { errorMessage } from '../../../lib/api-errors';
import type { InstanceSource } from '../../../lib/instance-choices';
import type { QuickReply } from '../../../lib/quick-replies';
import { useDeleteQuickReply } from '../api/delete-quick-reply';
import { MAX_SEARCH, SEARCH_DEBOUNCE_MS, useQuickReplies } from '../api/get-quick-replies';
import type { ScopeFilter } from '../keys';
import { QuickRepliesList } from './QuickRepliesList';
import { QuickReplyFormModal } from './QuickReplyFormModal';
import type { ReplyAction } from './QuickReplyRow';

const FILTERS: { value: ScopeFilter; label: string }[] = [
  { value: 'all', label: 'Todas' },
  { value: 'tenant', label: 'Empresa' },
  { value: 'department', label: 'Departamentos' },
  { value: 'personal', label: 'Pessoais' },
];

type Dialog = { kind: 'none' } | { kind: 'form'; reply: QuickReply | null } | { kind: 'delete'; reply: QuickReply };

/** Who stops seeing a reply once it is deleted. */
function whoLoses(reply: QuickReply): string {
  switch (reply.scope) {
    case 'tenant':
      return 'de toda a equipe';
    case 'department':
      return reply.department ? `do departamento ${reply.department.name}` : 'do departamento';
    case 'personal':
      return 'de você';
  }
}

export interface QuickRepliesScreenProps {
  /** An administrator or supervisor (the user info's `sees_all_tickets`): keeps the shared replies. */
  manager: boolean;
  /** The user's own name (the form's preview of `{{atendente}}`). */
  userName: string;
  /** Where the form reads the official numbers from (`instances`: the holder of that route). */
  instanceSource?: InstanceSource;
}

export function QuickRepliesScreen({ manager, userName, instanceSource = 'inbox' }: QuickRepliesScreenProps) {
  const theme = useMantineTheme();
  // A phone: the four filters share the line's width, in a smaller size (390 px holds them).
  const phone = useMediaQuery(`(max-width: calc(${theme.breakpoints.sm} - 0.0625em))`, false);
  const [scope, setScope] = useState<ScopeFilter>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const replies = useQuickReplies(scope, debounced);
  const remove = useDeleteQuickReply();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const deleting = dialog.kind === 'delete' ? dialog.reply : null;

  function onAction(action: ReplyAction) {
    setDialog(action.kind === 'edit' ? { kind: 'form', reply: action.reply } : { kind: 'delete', reply: action.reply });
  }

  const create = () => setDialog({ kind: 'form', reply: null });
  const filtered = scope !== 'all' || debounced !== '';
  // No reply at all: the empty state explains them and offers "Nova resposta"; nothing to filter.
  const none = !filtered && replies.data?.pages.every((page) => page.data.length === 0) === true;

  return (
    <Stack gap="md">
      {none ? null : (
        <ListToolbar
          filtersBasis="300px"
          action={
            <Button leftSection={<IconPlus size={18} />} onClick={create}>
              Nova resposta
            </Button>
          }
        >
          <SearchField
            aria-label="Buscar respostas rápidas"
            placeholder="Buscar por atalho ou texto"
            value={search}
            onValueChange={setSearch}
            searching={replies.isFetching && !replies.isPending && !replies.isFetchingNextPage}
            maxLength={MAX_SEARCH}
            flex="1 1 220px"
            maw={360}
          />
          <SegmentedControl
            aria-label="Filtrar respostas"
            data={FILTERS}
            value={scope}
            onChange={setScope}
            size={phone ? 'xs' : 'sm'}
            fullWidth={phone}
            w={phone ? '100%' : undefined}
          />
        </ListToolbar>
      )}
      <QuickRepliesList
        replies={replies}
        filtered={filtered}
        onClearFilters={() => {
          setSearch('');
          setScope('all');
        }}
        onCreate={create}
        onAction={onAction}
      />

      <QuickReplyFormModal
        opened={dialog.kind === 'form'}
        reply={dialog.kind === 'form' ? dialog.reply : null}
        manager={manager}
        userName={userName}
        instanceSource={instanceSource}
        onClose={close}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Excluir resposta rápida"
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
                title: 'Resposta excluída',
                message: `/${deleting.shortcut} não aparece mais nas conversas.`,
              });
              close();
            },
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: 'Não foi possível excluir a resposta',
                message: errorMessage(error),
              }),
          });
        }}
      >
        {deleting
          ? `/${deleting.shortcut} deixa de aparecer nas conversas ${whoLoses(deleting)}. Os usos contados se perdem com ela, e não dá para desfazer.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
