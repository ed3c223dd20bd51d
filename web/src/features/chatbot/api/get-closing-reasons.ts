/**
 * GET /api/closing-reasons → `[{id, name, activated}]` (any logged-in user): what a conversation the
 * bot closes for inactivity is closed with. Every reason, inactive ones too (the configuration may
 * name one; it is shown marked inactive).
 */
import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { chatbotKeys } from '../keys';
import type { Choice } from './schemas';

const ReasonSchema = z.object({ id: z.number(), name: z.string(), activated: z._default(z.boolean(), true) });

export async function getClosingReasons(): Promise<Choice[]> {
  const reasons = await http.get('/api/closing-reasons', { schema: z.array(ReasonSchema) });
  return reasons.map((reason) => ({ id: reason.id, name: reason.name, active: reason.activated }));
}

export function useClosingReasons() {
  return useQuery({ queryKey: chatbotKeys.closingReasons(), queryFn: getClosingReasons, staleTime: 5 * 60 * 1000 });
}
