/**
 * The scheduled messages of one status, page after page: the first load, a load error with a
 * retry, the status's empty state, else the rows (a table from md up, cards below), how many are
 * shown and "Carregar mais" while the server has more.
 */
import { Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { IconCalendarTime } from '@tabler/icons-react';
import { EmptyState } from '../../../components/EmptyState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { LoadMore } from '../../../components/LoadMore';
import { ResponsiveList } from '../../../components/ResponsiveList';
import type { ScheduledStatus } from '../../../lib/scheduled-messages';
import type { ScheduledPage } from '../api/get-scheduled-messages';
import { EMPTY_TEXTS } from '../statuses';
import { ScheduledMessageCard, ScheduledMessageRow, type ScheduledAction } from './ScheduledMessageRow';

export interface ScheduledMessagesListProps {
  status: ScheduledStatus;
  messages: UseInfiniteQueryResult<InfiniteData<ScheduledPage>>;
  /** An administrator or supervisor: the author's column. */
  manager: boolean;
  onAction: (action: ScheduledAction) => void;
}

function shownCount(count: number): string {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? 'agendamento mostrado' : 'agendamentos mostrados'}`;
}

export function ScheduledMessagesList({ status, messages, manager, onAction }: ScheduledMessagesListProps) {
  if (messages.isPending) return <ListSkeleton label="Carregando agendamentos" rows={4} />;
  if (messages.isError && !messages.data) {
    return (
      <LoadError
        title="Não foi possível carregar os agendamentos."
        error={messages.error}
        onRetry={() => void messages.refetch()}
        retrying={messages.isFetching}
      />
    );
  }
  const rows = messages.data.pages.flatMap((page) => page.data);
  if (rows.length === 0 && !messages.isPlaceholderData) {
    const empty = EMPTY_TEXTS[status];
    return <EmptyState icon={IconCalendarTime} title={empty.title} description={empty.description} />;
  }
  const headers = ['Cliente', 'Número', 'Agendada para', 'Mensagem', ...(manager ? ['Autor'] : [])];
  return (
    <>
      {messages.isError ? (
        <LoadError
          title="Não foi possível atualizar a lista."
          error={messages.error}
          onRetry={() => void messages.refetch()}
          retrying={messages.isFetching}
        />
      ) : null}
      <ResponsiveList
        items={rows}
        getKey={(scheduled) => scheduled.id}
        headers={headers}
        renderRow={(scheduled) => <ScheduledMessageRow scheduled={scheduled} manager={manager} onAction={onAction} />}
        renderCard={(scheduled) => <ScheduledMessageCard scheduled={scheduled} manager={manager} onAction={onAction} />}
        stale={messages.isPlaceholderData}
      />
      <Text size="sm" c="dimmed" ta="center" aria-live="polite">
        {shownCount(rows.length)}
        {messages.hasNextPage ? ' · há mais' : ''}
      </Text>
      <LoadMore query={messages} />
    </>
  );
}
