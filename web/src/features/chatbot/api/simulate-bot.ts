/**
 * POST /api/bot/simulate `{instanceId, config, messages, at}` → `{transcript, outcome, outOfHours}`
 * (route `chatbot`). Stateless: the server replays the whole conversation — everything the
 * "customer" typed so far, in order — against the draft configuration (`config`; omitted = the
 * saved one), at the pretended time `at` (default now). Nothing is sent to anyone.
 */
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { SimulationSchema, type BotConfigInput, type Simulation } from './schemas';

export interface SimulationRequest {
  instanceId: number | null;
  config?: BotConfigInput;
  messages: string[];
  /** ISO datetime; undefined = now. */
  at?: string;
}

export function simulateBot(request: SimulationRequest): Promise<Simulation> {
  return http.post('/api/bot/simulate', request, { schema: SimulationSchema });
}

export function useSimulateBot() {
  return useMutation({ mutationFn: simulateBot });
}
