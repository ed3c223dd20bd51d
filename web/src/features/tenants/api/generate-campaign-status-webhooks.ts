/**
 * GET /api/tenant/generate-campaign-status-webhook?tenantName&startAt&finishAt&type (operators;
 * docs/campaigns.md, docs/contracts.md#tenants) → `{queued: n}`: queues again, to the tenant's
 * webhook endpoints, a `campaign.status` event for each campaign recipient of the period whose
 * status is `type`. One call per selected type, all sent at once; each settles on its own, so a
 * failure of one type does not hide the others' counts. Dates `YYYY-MM-DD` (São Paulo days), as
 * the other tenant tools with `startAt`/`finishAt` (the sheets) take them.
 */
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { errorMessage } from '../../../lib/api-errors';
import type { RecipientStatus } from '../../../lib/campaign-statuses';
import { http } from '../../../lib/http';

const QueuedSchema = z.object({ queued: z.number() });

export interface GenerateCampaignWebhooksInput {
  tenantName: string;
  /** `YYYY-MM-DD`. */
  startAt: string;
  /** `YYYY-MM-DD`. */
  finishAt: string;
  types: RecipientStatus[];
}

export type GeneratedCount = { type: RecipientStatus; queued: number } | { type: RecipientStatus; error: string };

export async function generateCampaignStatusWebhook(
  tenantName: string,
  startAt: string,
  finishAt: string,
  type: RecipientStatus,
): Promise<number> {
  const answer = await http.get('/api/tenant/generate-campaign-status-webhook', {
    query: { tenantName, startAt, finishAt, type },
    schema: QueuedSchema,
  });
  return answer.queued;
}

/** Every type at once; the answer keeps the order of `types`. */
export async function generateCampaignStatusWebhooks(input: GenerateCampaignWebhooksInput): Promise<GeneratedCount[]> {
  return Promise.all(
    input.types.map((type) =>
      generateCampaignStatusWebhook(input.tenantName, input.startAt, input.finishAt, type).then(
        (queued): GeneratedCount => ({ type, queued }),
        (error: unknown): GeneratedCount => ({ type, error: errorMessage(error) }),
      ),
    ),
  );
}

export function useGenerateCampaignStatusWebhooks() {
  return useMutation({ mutationFn: generateCampaignStatusWebhooks });
}
