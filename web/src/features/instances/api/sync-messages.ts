/**
 * POST /api/instance/syncMessages `{id, daysAgo, tenantName, unlimitedSync}` → 202 the job `{id,
 * instance_id, status: "running", fetched, inserted, error, ...}` (docs/contracts.md#api-calls;
 * docs/providers.md): the history is fetched in the background; `get-sync-job.ts` follows it. The
 * answer becomes the instance's latest job (`get-latest-sync-job.ts`), so the row and the dialog
 * show it at once. 409 `sync_running` while another runs for the instance (the screens disable
 * starting while they know of one; if one started elsewhere meanwhile, the latest job is read again
 * and followed); 422 `daysAgo` (1 to 3650) or `provider_missing`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, http } from '../../../lib/http';
import { SyncJobSchema, type SyncJob } from '../sync-job';
import { latestSyncJobQueryKey } from './get-latest-sync-job';

/** The server's range for `daysAgo`. */
export const MAX_SYNC_DAYS = 3650;

export interface SyncMessagesInput {
  id: number;
  /** Ignored by the server when `unlimitedSync`. */
  daysAgo: number;
  tenantName?: string;
  unlimitedSync: boolean;
}

export function syncMessages(input: SyncMessagesInput): Promise<SyncJob> {
  return http.post('/api/instance/syncMessages', input, { schema: SyncJobSchema });
}

export function useSyncMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncMessages,
    onSuccess: async (job, input) => {
      // A read of the latest job sent before this start would answer the previous one: drop it.
      const queryKey = latestSyncJobQueryKey(input.id, input.tenantName);
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, job);
    },
    onError: (error, input) => {
      if (error instanceof ApiError && error.code === 'sync_running') {
        void queryClient.invalidateQueries({ queryKey: latestSyncJobQueryKey(input.id, input.tenantName) });
      }
    },
  });
}
