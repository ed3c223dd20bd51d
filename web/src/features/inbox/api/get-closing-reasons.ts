/** GET /api/closing-reasons?active=true → `[{id, name, activated}]` by name: what closing offers. */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { inboxKeys } from '../keys';
import { ClosingReasonSchema, type ClosingReason } from './schemas';

export function getClosingReasons(): Promise<ClosingReason[]> {
  return http.get('/api/closing-reasons', { query: { active: true }, schema: z.array(ClosingReasonSchema) });
}

export function useClosingReasons(enabled = true) {
  return useQuery({
    queryKey: inboxKeys.closingReasons(),
    queryFn: getClosingReasons,
    enabled,
    staleTime: 5 * 60 * 1000,
  });
}
