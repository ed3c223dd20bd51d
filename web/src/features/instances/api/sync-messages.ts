//! POST /api/instance/syncMessages `{id, daysAgo, tenantName, unlimitedSync}` → 202 the job
//! `{id, instance_id, status: "running", fetched, inserted, error, ...}` (spec §7; docs/providers.md):
//! the history is fetched in the background; `get-sync-job.ts` follows it. 409 `sync_running`
//! while another runs for the instance; 422 `daysAgo` (1 to 3650) or `provider_missing`.
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';

export const SyncJobSchema = z.object({
  id: z.number(),
  instance_id: z.number(),
  /** `running`, `done` or `failed`. */
  status: z.string(),
  days_ago: z.optional(z.number()),
  unlimited: z.optional(z.boolean()),
  fetched: z.number(),
  inserted: z.number(),
  error: z.nullish(z.string()),
  started_at: z.optional(z.string()),
  finished_at: z.nullish(z.string()),
});
export type SyncJob = z.infer<typeof SyncJobSchema>;

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
  return useMutation({ mutationFn: syncMessages });
}
