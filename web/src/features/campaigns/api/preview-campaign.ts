/**
 * POST /api/campaigns/preview with the create body → `Preflight` (docs/campaigns.md): how many
 * recipients, duplicates removed, blacklisted kept as failed, the phones that are not phones, the
 * expected duration at the instance's rate and the first messages as they will read. Nothing is
 * written. 422 names the field (`body` for an unknown variable).
 */
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { PreflightSchema, type CampaignInput, type Preflight } from './schemas';

export function previewCampaign(input: CampaignInput): Promise<Preflight> {
  return http.post('/api/campaigns/preview', input, { schema: PreflightSchema });
}

export function usePreviewCampaign() {
  return useMutation({ mutationFn: previewCampaign });
}
