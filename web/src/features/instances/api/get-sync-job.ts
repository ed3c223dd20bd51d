//! GET /api/instance/syncMessages/{jobId}?tenantName= → the job's progress `{status, fetched,
//! inserted, error, ...}` (docs/providers.md). Polled every second while the job runs; when it
//! ends, the instances are refreshed (their `lastSyncAt` changed).
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../lib/http';
import { INSTANCES_QUERY_KEY } from '../../../lib/query-keys';
import { SyncJobSchema, type SyncJob } from './sync-messages';

/** How often a running job is asked for its progress. */
export const SYNC_POLL_MS = 1000;

export function getSyncJob(jobId: number, tenantName: string | undefined): Promise<SyncJob> {
  return http.get(`/api/instance/syncMessages/${encodeURIComponent(String(jobId))}`, {
    query: { tenantName },
    schema: SyncJobSchema,
  });
}

export function syncJobQueryOptions(jobId: number, tenantName: string | undefined) {
  return queryOptions({
    queryKey: [...INSTANCES_QUERY_KEY, 'sync-job', tenantName ?? '', jobId],
    queryFn: () => getSyncJob(jobId, tenantName),
  });
}

/**
 * Follows a job from what the start call answered until it is `done` or `failed`; `null` (no job
 * started) follows nothing. Every caller following the same job shares one poll.
 */
export function useSyncJob(started: SyncJob | null, tenantName: string | undefined): { job: SyncJob | null; error: unknown } {
  const queryClient = useQueryClient();
  const query = useQuery({
    ...syncJobQueryOptions(started?.id ?? -1, tenantName),
    enabled: started !== null,
    initialData: started ?? undefined,
    // The start answer is the first progress report, not a fresh read: poll at once.
    initialDataUpdatedAt: 0,
    refetchInterval: (current) => (current.state.data?.status === 'running' ? SYNC_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
  const job = started ? (query.data ?? started) : null;
  const finished = job !== null && job.status !== 'running';
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: [...INSTANCES_QUERY_KEY, 'list'] });
  }, [finished, queryClient]);
  return { job, error: query.error };
}
