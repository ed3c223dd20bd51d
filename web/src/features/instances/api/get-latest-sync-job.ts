/**
 * GET /api/instance/syncMessages?instanceId=&tenantName= → the instance's latest sync job
 * (`{id, instance_id, status: running|done|failed, fetched, inserted, error, ...}`), or 200 `null`
 * when it was never synced. A 404 is read as `null` too — "never synced", not an error shown or
 * logged for every row: an older server answers `sync_not_found` when no job exists, and one
 * older still has no such route at all. The instances list and the
 * sync dialog start from it, so a job started earlier (on another page, by someone else, before a
 * reload) is shown and followed (`get-sync-job.ts` polls it) instead of being found only by a
 * 409 `sync_running`. Starting a sync stores its answer here (`sync-messages.ts`).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { ApiError, http } from '../../../lib/http';
import { INSTANCES_QUERY_KEY } from '../../../lib/query-keys';
import { SyncJobSchema, type SyncJob } from '../sync-job';

/** A 404 of the sync calls: no such job (`sync_not_found`), or no such route on an older server. */
export function isNoSyncJob(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export async function getLatestSyncJob(instanceId: number, tenantName: string | undefined): Promise<SyncJob | null> {
  try {
    // `null` (200): never synced. No 404 for the browser to log on every row.
    return await http.get('/api/instance/syncMessages', {
      query: { instanceId, tenantName },
      schema: z.nullable(SyncJobSchema),
      // "Never synced", not a failed instance call to log (lib/http.ts).
      expectedError: isNoSyncJob,
    });
  } catch (error) {
    if (isNoSyncJob(error)) return null;
    throw error;
  }
}

/** Under INSTANCES_QUERY_KEY: the realtime `InstanceUpdated` and instance changes read it again. */
export function latestSyncJobQueryKey(instanceId: number, tenantName: string | undefined) {
  return [...INSTANCES_QUERY_KEY, 'sync-latest', tenantName ?? '', instanceId] as const;
}

export function latestSyncJobQueryOptions(instanceId: number, tenantName: string | undefined) {
  return queryOptions({
    queryKey: latestSyncJobQueryKey(instanceId, tenantName),
    queryFn: () => getLatestSyncJob(instanceId, tenantName),
  });
}

/**
 * The latest job of an instance; asked only for instances with a provider (without one an
 * instance cannot be synced, and its provider cannot be removed).
 */
export function useLatestSyncJob(instanceId: number, tenantName: string | undefined, enabled: boolean) {
  return useQuery({ ...latestSyncJobQueryOptions(instanceId, tenantName), enabled });
}
