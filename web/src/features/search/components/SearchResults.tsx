/**
 * What a search found, page after page: the first load (grey cards), a refusal or failure with the
 * server's message, "nothing found", else the conversations — each with its matches — how many
 * are shown and "Carregar mais" while the server has more. The previous search's results stay,
 * dimmed, while a new one loads.
 */
import { Box, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { IconMoodEmpty } from '@tabler/icons-react';
import { useMemo } from 'react';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { LoadMore } from '../../../components/LoadMore';
import { ApiError } from '../../../lib/http';
import type { SearchPage } from '../api/schemas';
import { conversationsCount, messagesCount } from '../format';
import { groupByTicket, matchCount } from '../grouping';
import { ConversationResult } from './ConversationResult';
import classes from './search.module.css';

export interface SearchResultsProps {
  /** The text searched (normalised). */
  query: string;
  results: UseInfiniteQueryResult<InfiniteData<SearchPage>>;
  now: Date;
}

/** A refusal (422 `invalid_search`…) will not change by asking again: no retry is offered. */
function refused(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

function LoadingResults() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Buscando mensagens">
      {[0, 1, 2].map((row) => (
        <Paper key={row} withBorder radius="md" p="md">
          <Stack gap="xs">
            <Skeleton height={16} width="40%" />
            <Skeleton height={10} width="60%" />
            <Skeleton height={44} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

export function SearchResults({ query, results, now }: SearchResultsProps) {
  const groups = useMemo(() => groupByTicket(results.data?.pages ?? []), [results.data]);
  if (results.isPending) return <LoadingResults />;
  if (results.isError && !results.data) {
    const final = refused(results.error);
    return (
      <LoadError
        title={final ? 'Não dá para buscar por esse texto.' : 'Não foi possível buscar as mensagens.'}
        error={results.error}
        onRetry={final ? undefined : () => void results.refetch()}
        retrying={results.isFetching}
      />
    );
  }
  if (groups.length === 0 && !results.isPlaceholderData) {
    return (
      <EmptyState
        icon={IconMoodEmpty}
        title="Nenhuma mensagem encontrada"
        description={`Nada com todas as palavras de “${query}” nas conversas que você pode ver. Confira a grafia ou use menos palavras.`}
      />
    );
  }
  const count = matchCount(groups);
  return (
    <Box
      component="section"
      aria-labelledby="search-results-title"
      aria-busy={results.isPlaceholderData}
      opacity={results.isPlaceholderData ? 0.6 : 1}
      className={classes.results}
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="search-results-title">
            Resultados
          </Title>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="search-summary">
            {messagesCount(count)} em {conversationsCount(groups.length)}
            {results.hasNextPage ? ' · há mais' : ''}
          </Text>
        </Stack>
        <ul className={classes.list} aria-label="Conversas encontradas">
          {groups.map((group) => (
            <li key={group.ticket.id}>
              <ConversationResult group={group} now={now} />
            </li>
          ))}
        </ul>
        {results.isError ? (
          <LoadError
            title="Não foi possível carregar mais resultados."
            error={results.error}
            onRetry={refused(results.error) ? undefined : () => void results.fetchNextPage()}
            retrying={results.isFetchingNextPage}
          />
        ) : null}
        <LoadMore query={results} />
      </Stack>
    </Box>
  );
}
