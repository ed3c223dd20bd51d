/**
 * GET /api/closing-reasons → `[{id, name, activated}]` by name, every reason, active or not (any
 * logged-in user; docs/inbox.md#closing): what the closing reasons screen manages.
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { closingReasonKeys } from '../keys';

export const ClosingReasonSchema = z.object({ id: z.number(), name: z.string(), activated: z.boolean() });
export type ClosingReason = z.infer<typeof ClosingReasonSchema>;

/** Names hold 1 to 80 characters (server/src/domain/conversations/closing_reasons.rs). */
export const MAX_REASON_NAME = 80;

export function getClosingReasons(): Promise<ClosingReason[]> {
  return http.get('/api/closing-reasons', { schema: z.array(ClosingReasonSchema) });
}

export function useClosingReasons() {
  return useQuery({ queryKey: closingReasonKeys.list(), queryFn: getClosingReasons });
}
