/**
 * The "Grupos" tab: the groups of customers (campaigns send to them), by name, with their size,
 * searched in the browser; "Novo grupo", and each group's "Renomear" and "Incluir ou tirar
 * clientes". `GroupOfCustomersUpdated` keeps it current (../realtime.ts).
 */
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { ListToolbar } from '../../../components/ListToolbar';
import { LoadError } from '../../../components/LoadError';
import { NameFormModal } from '../../../components/NameFormModal';
import { ResponsiveList } from '../../../components/ResponsiveList';
import { SearchField } from '../../../components/SearchField';
import { useCreateGroup } from '../api/create-group';
import { MAX_GROUP_NAME, useGroups } from '../api/get-groups';
import { useRenameGroup } from '../api/rename-group';
import { GroupMembersModal } from './GroupMembersModal';
import { GroupCard, GroupRow, type GroupAction } from './GroupRow';

const HEADERS = ['Grupo', 'Clientes'];

type Dialog = { kind: 'none' } | { kind: 'create' } | GroupAction;

export function GroupsPanel() {
  const groups = useGroups();
  const create = useCreateGroup();
  const rename = useRenameGroup();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const term = search.trim().toLocaleLowerCase('pt-BR');
  const shown = (groups.data ?? []).filter((group) => !term || group.name.toLocaleLowerCase('pt-BR').includes(term));
  const renaming = dialog.kind === 'rename' ? dialog.group : null;

  const createButton = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'create' })}>
      Novo grupo
    </Button>
  );

  let content;
  if (groups.isPending) {
    content = <ListSkeleton label="Carregando grupos" rows={4} />;
  } else if (groups.isError && !groups.data) {
    content = (
      <LoadError
        title="Não foi possível carregar os grupos."
        error={groups.error}
        onRetry={() => void groups.refetch()}
        retrying={groups.isFetching}
      />
    );
  } else if (groups.data.length === 0) {
    content = (
      <EmptyState
        icon={IconUsersGroup}
        title="Nenhum grupo de clientes"
        description="Agrupe clientes para enviar campanhas a todos de uma vez."
        actions={createButton}
      />
    );
  } else if (shown.length === 0) {
    content = (
      <EmptyState
        icon={IconSearch}
        title="Nenhum grupo encontrado"
        description={`Nenhum grupo tem “${search.trim()}” no nome.`}
        actions={
          <Button variant="light" onClick={() => setSearch('')}>
            Limpar a busca
          </Button>
        }
      />
    );
  } else {
    content = (
      <ResponsiveList
        items={shown}
        getKey={(group) => group.id}
        headers={HEADERS}
        renderRow={(group) => <GroupRow group={group} onAction={setDialog} />}
        renderCard={(group) => <GroupCard group={group} onAction={setDialog} />}
      />
    );
  }

  return (
    <Stack gap="md">
      {groups.data && groups.data.length > 0 ? (
        <ListToolbar filtersBasis="260px" action={createButton}>
          <SearchField
            aria-label="Buscar grupos"
            placeholder="Buscar por nome"
            value={search}
            onValueChange={setSearch}
            searching={false}
            maxLength={MAX_GROUP_NAME}
            flex="1 1 220px"
            maw={360}
          />
        </ListToolbar>
      ) : null}
      {content}
      <NameFormModal
        opened={dialog.kind === 'create' || renaming !== null}
        title={renaming ? 'Renomear grupo' : 'Novo grupo de clientes'}
        label="Nome do grupo"
        description={renaming ? `Nome atual: ${renaming.name}.` : 'Depois de criar, inclua clientes no grupo.'}
        initialName={renaming?.name ?? ''}
        maxLength={MAX_GROUP_NAME}
        submitLabel={renaming ? 'Salvar' : 'Criar grupo'}
        onSave={async (name) => {
          if (renaming) {
            const saved = await rename.mutateAsync({ id: renaming.id, name });
            notifications.show({ color: 'teal', title: 'Grupo renomeado', message: `Agora se chama “${saved.name}”.` });
          } else {
            const saved = await create.mutateAsync(name);
            notifications.show({
              color: 'teal',
              title: 'Grupo criado',
              message: `“${saved.name}” está pronto. Inclua clientes pelo botão “0 clientes” na linha do grupo.`,
            });
          }
          close();
        }}
        onClose={close}
      />
      <GroupMembersModal group={dialog.kind === 'members' ? dialog.group : null} onClose={close} />
    </Stack>
  );
}
