/**
 * A message synchronisation job as the server reports it (docs/providers.md): what starting a
 * sync answers, what its progress and an instance's latest job read.
 */
import * as z from 'zod/mini';

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
