/**
 * GET /api/instance/syncMessages/{jobId}?tenantName= → the job's progress `{status, fetched,
 * inserted, error, ...}` (docs/providers.md). Polled every second while the job runs; when it
 * ends, the instances are refreshed (their `lastSyncAt` changed) and the instance's latest job
 * (`get-latest-sync-job.ts`) becomes the finished one. A job the server no longer knows (404
 * `sync_not_found`) is not polled again: the instance counts as never synced.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { http } from '../../../lib/http';
import { INSTANCES_QUERY_KEY } from '../../../lib/query-keys';
import { isNoSyncJob, latestSyncJobQueryKey } from './get-latest-sync-job';
import { SyncJobSchema, type SyncJob } from '../sync-job';

/** How often a running job is asked for its progress. */
export const SYNC_POLL_MS = 1000;

export function getSyncJob(jobId: number, tenantName: string | undefined): Promise<SyncJob> {
  return http.get(`/api/instance/syncMessages/${encodeURIComponent(String(jobId))}`, {
    query: { tenantName },
    schema: SyncJobSchema,
    // A job the server no longer knows is dropped (useSyncJob), not a failed instance call to log.
    expectedError: isNoSyncJob,
  });
}

export function syncJobQueryOptions(jobId: number, tenantName: string | undefined) {
  return queryOptions({
    queryKey: [...INSTANCES_QUERY_KEY, 'sync-job', tenantName ?? '', jobId],
    queryFn: () => getSyncJob(jobId, tenantName),
  });
}

/**
 * Follows a job from what is known of it (the start call's answer, or the instance's latest job)
 * until it is `done` or `failed`; `null` follows nothing, and neither does a job already finished
 * (nothing to poll). Every caller following the same job shares one poll. When a job this hook
 * saw running ends, the instance list is refreshed and the finished job becomes the instance's
 * latest.
 */
export function useSyncJob(
  started: SyncJob | null,
  tenantName: string | undefined,
): { job: SyncJob | null; error: unknown } {
  const queryClient = useQueryClient();
  const running = started?.status === 'running';
  const query = useQuery({
    ...syncJobQueryOptions(started?.id ?? -1, tenantName),
    enabled: running,
    initialData: started ?? undefined,
    // What we hold is an earlier report, not a fresh read: poll at once.
    initialDataUpdatedAt: 0,
    // A row, a card and the dialog may start following the job at slightly different moments:
    // one read per poll period is enough for all of them.
    staleTime: SYNC_POLL_MS,
    refetchInterval: (current) =>
      current.state.data?.status === 'running' && !isNoSyncJob(current.state.error) ? SYNC_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
  const gone = running && isNoSyncJob(query.error);
  // A finished report beats a (possibly older, cached) running one; a job the server does not know
  // is no job.
  const job = started === null || gone ? null : running ? (query.data ?? started) : started;
  // The id of a job seen running here: only its end refreshes anything. Nothing renders it, so it
  // is a ref, not state.
  const followed = useRef<number | null>(null);
  useEffect(() => {
    if (gone && started !== null) {
      // Forget it as the instance's latest too, so no row or dialog follows it again.
      queryClient.setQueryData<SyncJob | null>(latestSyncJobQueryKey(started.instance_id, tenantName), (latest) =>
        latest?.id === started.id ? null : latest,
      );
      return;
    }
    if (job === null) return;
    if (job.status === 'running') {
      followed.current = job.id;
      return;
    }
    if (followed.current !== job.id) return;
    followed.current = null;
    queryClient.setQueryData<SyncJob | null>(latestSyncJobQueryKey(job.instance_id, tenantName), (latest) =>
      latest && latest.id > job.id ? latest : job,
    );
    void queryClient.invalidateQueries({ queryKey: [...INSTANCES_QUERY_KEY, 'list'] });
  }, [job, gone, started, tenantName, queryClient]);
  return { job, error: gone ? null : query.error };
}
