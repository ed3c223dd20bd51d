/**
 * /closing-reasons content (route `closing-reasons`; docs/inbox.md#closing): the reasons a ticket is
 * closed with, active or not, by name. "Novo motivo" creates one; each row renames it, deactivates
 * it (after confirming: the closing dialog stops offering it, closed tickets keep it) or activates
 * it again. The list is short, so the search and the Ativos/Inativos filter work in the browser.
 */
import { Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListToolbar } from '../../../components/ListToolbar';
import { NameFormModal } from '../../../components/NameFormModal';
import { SearchField } from '../../../components/SearchField';
import { errorMessage } from '../../../lib/api-errors';
import { useCreateClosingReason } from '../api/create-closing-reason';
import { MAX_REASON_NAME, useClosingReasons, type ClosingReason } from '../api/get-closing-reasons';
import { useUpdateClosingReason } from '../api/update-closing-reason';
import type { ReasonAction } from './ClosingReasonRow';
import { ClosingReasonsList } from './ClosingReasonsList';

type Filter = 'all' | 'active' | 'inactive';

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'active', label: 'Ativos' },
  { value: 'inactive', label: 'Inativos' },
];

type Dialog = { kind: 'none' } | { kind: 'create' } | ReasonAction;

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? one : many}`;
}

/** Case and accents do not matter to the search. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function ClosingReasonsScreen() {
  const reasons = useClosingReasons();
  const create = useCreateClosingReason();
  const update = useUpdateClosingReason();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const [activating, setActivating] = useState<number | null>(null);
  const close = () => setDialog({ kind: 'none' });

  const all = reasons.data ?? [];
  const term = folded(search.trim());
  const shown = all.filter(
    (reason) =>
      (filter === 'all' || reason.activated === (filter === 'active')) && (!term || folded(reason.name).includes(term)),
  );
  const active = all.filter((reason) => reason.activated).length;

  function activate(reason: ClosingReason) {
    setActivating(reason.id);
    update.mutate(
      { id: reason.id, activated: true },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'teal',
            title: 'Motivo ativado',
            message: `“${saved.name}” volta a ser oferecido ao encerrar atendimentos.`,
          }),
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Não foi possível ativar o motivo', message: errorMessage(error) }),
        onSettled: () => setActivating(null),
      },
    );
  }

  function onAction(action: ReasonAction) {
    if (action.kind === 'activate') activate(action.reason);
    else setDialog(action);
  }

  const renaming = dialog.kind === 'rename' ? dialog.reason : null;
  const deactivating = dialog.kind === 'deactivate' ? dialog.reason : null;
  const createButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'create' })}>
      Novo motivo
    </Button>
  );

  return (
    <Stack gap="md">
      {all.length > 0 ? (
        <>
          <ListToolbar filtersBasis="260px" action={createButton}>
            <SearchField
              aria-label="Buscar motivos"
              placeholder="Buscar por nome"
              value={search}
              onValueChange={setSearch}
              searching={false}
              maxLength={MAX_REASON_NAME}
              flex="1 1 220px"
              maw={360}
            />
            <SegmentedControl aria-label="Quais motivos" data={FILTERS} value={filter} onChange={setFilter} />
          </ListToolbar>
          <Text size="sm" c="dimmed" aria-live="polite">
            {plural(all.length, 'motivo', 'motivos')}: {plural(active, 'ativo', 'ativos')},{' '}
            {plural(all.length - active, 'inativo', 'inativos')}.
          </Text>
        </>
      ) : null}
      <ClosingReasonsList
        reasons={reasons}
        shown={shown}
        filtered={term !== '' || filter !== 'all'}
        onClearFilters={() => {
          setSearch('');
          setFilter('all');
        }}
        onCreate={() => setDialog({ kind: 'create' })}
        onAction={onAction}
        busyId={activating}
      />

      <NameFormModal
        opened={dialog.kind === 'create' || renaming !== null}
        title={renaming ? 'Renomear motivo' : 'Novo motivo de encerramento'}
        label="Nome do motivo"
        description={
          renaming
            ? `Nome atual: ${renaming.name}. Os atendimentos já encerrados com ele passam a mostrar o novo nome.`
            : 'Quem encerra um atendimento escolhe um dos motivos ativos.'
        }
        initialName={renaming?.name ?? ''}
        maxLength={MAX_REASON_NAME}
        submitLabel={renaming ? 'Salvar' : 'Criar motivo'}
        onSave={async (name) => {
          if (renaming) {
            const saved = await update.mutateAsync({ id: renaming.id, name });
            notifications.show({
              color: 'teal',
              title: 'Motivo renomeado',
              message: `Agora se chama “${saved.name}”.`,
            });
          } else {
            const saved = await create.mutateAsync(name);
            notifications.show({
              color: 'teal',
              title: 'Motivo criado',
              message: `“${saved.name}” já pode ser escolhido ao encerrar atendimentos.`,
            });
          }
          close();
        }}
        onClose={close}
      />
      <ConfirmDialog
        opened={deactivating !== null}
        title="Desativar motivo"
        confirmLabel="Desativar"
        color="red.8"
        loading={update.isPending && deactivating !== null}
        onClose={close}
        onConfirm={() => {
          if (!deactivating) return;
          update.mutate(
            { id: deactivating.id, activated: false },
            {
              onSuccess: (saved) => {
                notifications.show({
                  color: 'teal',
                  title: 'Motivo desativado',
                  message: `“${saved.name}” não é mais oferecido ao encerrar atendimentos.`,
                });
                close();
              },
              onError: (error) =>
                notifications.show({
                  color: 'red',
                  title: 'Não foi possível desativar o motivo',
                  message: errorMessage(error),
                }),
            },
          );
        }}
      >
        {deactivating
          ? `“${deactivating.name}” deixa de ser oferecido ao encerrar atendimentos. Os atendimentos já encerrados com ele continuam com esse motivo, e você pode ativá-lo de novo quando quiser.`
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
