/**
 * The tags the search keeps: the first load, a load error with a retry, the empty states (no tag
 * yet, or none matching), else the rows (a table from md up, cards below).
 */
import { Button } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconPlus, IconSearch, IconTags } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { ResponsiveList } from '../../../components/ResponsiveList';
import type { Tag } from '../../../lib/tags';
import { TagCard, TagRow, type TagAction } from './TagRow';

const HEADERS = ['Etiqueta', 'Cor', 'No quadro'];

export interface TagsListProps {
  tags: UseQueryResult<Tag[]>;
  /** The tags the search keeps. */
  shown: readonly Tag[];
  searching: boolean;
  onClearSearch: () => void;
  onCreate: () => void;
  onAction: (action: TagAction) => void;
}

export function TagsList({ tags, shown, searching, onClearSearch, onCreate, onAction }: TagsListProps) {
  if (tags.isPending) return <ListSkeleton label="Carregando etiquetas" rows={4} />;
  if (tags.isError && !tags.data) {
    return (
      <LoadError
        title="Não foi possível carregar as etiquetas."
        error={tags.error}
        onRetry={() => void tags.refetch()}
        retrying={tags.isFetching}
      />
    );
  }
  if (tags.data.length === 0) {
    return (
      <EmptyState
        icon={IconTags}
        title="Nenhuma etiqueta criada"
        description="Etiquetas marcam atendimentos e clientes (Orçamento, Pós-venda, Urgente…) e viram as colunas do quadro Kanban."
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={onCreate}>
            Nova etiqueta
          </Button>
        }
      />
    );
  }
  if (shown.length === 0 && searching) {
    return (
      <EmptyState
        icon={IconSearch}
        title="Nenhuma etiqueta encontrada"
        description="Nenhuma etiqueta tem esse nome."
        actions={
          <Button variant="light" onClick={onClearSearch}>
            Mostrar todas
          </Button>
        }
      />
    );
  }
  return (
    <>
      {tags.isError ? (
        <LoadError
          title="Não foi possível atualizar a lista."
          error={tags.error}
          onRetry={() => void tags.refetch()}
          retrying={tags.isFetching}
        />
      ) : null}
      <ResponsiveList
        items={shown}
        getKey={(tag) => tag.id}
        headers={HEADERS}
        renderRow={(tag) => <TagRow tag={tag} onAction={onAction} />}
        renderCard={(tag) => <TagCard tag={tag} onAction={onAction} />}
      />
    </>
  );
}
