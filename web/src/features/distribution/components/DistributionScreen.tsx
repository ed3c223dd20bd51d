/**
 * /distribution content (route `users`; docs/service-levels.md#distribution): how each department's
 * waiting tickets find their person, and each person's load and capacity. Live: read again shortly
 * after a burst of the socket's ticket and presence events (../realtime.ts, called by
 * app/realtime.ts).
 */
import { Stack } from '@mantine/core';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { LoadError } from '../../../components/LoadError';
import { useDistribution } from '../api/get-distribution';
import { AgentsSection } from './AgentsSection';
import { PoliciesSection } from './PoliciesSection';

export function DistributionScreen() {
  const distribution = useDistribution();
  if (distribution.isPending) return <ListSkeleton label="Carregando a distribuição" rows={4} />;
  if (distribution.isError && !distribution.data) {
    return (
      <LoadError
        title="Não foi possível carregar a distribuição."
        error={distribution.error}
        onRetry={() => void distribution.refetch()}
        retrying={distribution.isFetching}
      />
    );
  }
  const { policies, agents } = distribution.data;
  return (
    <Stack gap="xl">
      {distribution.isError ? (
        <LoadError
          title="Não foi possível atualizar a distribuição; mostrando a última leitura."
          error={distribution.error}
          onRetry={() => void distribution.refetch()}
          retrying={distribution.isFetching}
        />
      ) : null}
      <PoliciesSection policies={policies} />
      <AgentsSection agents={agents} policies={policies} />
    </Stack>
  );
}
