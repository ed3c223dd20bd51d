/**
 * The replies of the filter and the search, page after page: the first load, a load error with a
 * retry, the empty states (no reply at all — what quick replies are and how `/` inserts one —, or
 * none matching), else the rows (a table from md up, cards below), how many are shown and "Carregar
 * mais" while the server has more.
 */
import { Button, Code, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { IconMessageBolt, IconPlus, IconSearch } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { LoadMore } from '../../../components/LoadMore';
import { ResponsiveList } from '../../../components/ResponsiveList';
import type { QuickReplyPage } from '../api/get-quick-replies';
import { QuickReplyCard, QuickReplyRow, type ReplyAction } from './QuickReplyRow';

const HEADERS = ['Atalho', 'Texto', 'Quem usa', 'Usos'];

export interface QuickRepliesListProps {
  replies: UseInfiniteQueryResult<InfiniteData<QuickReplyPage>>;
  /** A search or a scope is narrowing the list. */
  filtered: boolean;
  onClearFilters: () => void;
  onCreate: () => void;
  onAction: (action: ReplyAction) => void;
}

function shownCount(count: number): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? 'resposta mostrada' : 'respostas mostradas'}`;
}

export function QuickRepliesList({ replies, filtered, onClearFilters, onCreate, onAction }: QuickRepliesListProps) {
  if (replies.isPending) return <ListSkeleton label="Carregando respostas rápidas" rows={4} />;
  if (replies.isError && !replies.data) {
    return (
      <LoadError
        title="Não foi possível carregar as respostas rápidas."
        error={replies.error}
        onRetry={() => void replies.refetch()}
        retrying={replies.isFetching}
      />
    );
  }
  const rows = replies.data.pages.flatMap((page) => page.data);
  if (rows.length === 0) {
    return filtered ? (
      <EmptyState
        icon={IconSearch}
        title="Nenhuma resposta encontrada"
        description="Nenhuma resposta rápida corresponde à busca e ao filtro escolhidos."
        actions={
          <Button variant="light" onClick={onClearFilters}>
            Mostrar todas
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={IconMessageBolt}
        title="Nenhuma resposta rápida ainda"
        description={
          <>
            Respostas rápidas são textos prontos para as perguntas de todo dia. Numa conversa, digite <Code>/</Code> no
            campo de mensagem e escolha uma: o texto entra com o nome do cliente, o protocolo e a saudação já
            preenchidos.
          </>
        }
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={onCreate}>
            Nova resposta
          </Button>
        }
      />
    );
  }
  return (
    <>
      {replies.isError ? (
        <LoadError
          title="Não foi possível atualizar a lista."
          error={replies.error}
          onRetry={() => void replies.refetch()}
          retrying={replies.isFetching}
        />
      ) : null}
      <ResponsiveList
        items={rows}
        getKey={(reply) => reply.id}
        headers={HEADERS}
        renderRow={(reply) => <QuickReplyRow reply={reply} onAction={onAction} />}
        renderCard={(reply) => <QuickReplyCard reply={reply} onAction={onAction} />}
        stale={replies.isPlaceholderData}
      />
      <Text size="sm" c="dimmed" ta="center" aria-live="polite">
        {shownCount(rows.length)}
        {replies.hasNextPage ? ' · há mais' : ''}
      </Text>
      <LoadMore query={replies} />
    </>
  );
}
