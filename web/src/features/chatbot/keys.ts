/**
 * Query keys of the chatbot editor. Its instance list lives under the shared instances key
 * (lib/query-keys.ts), so an `InstanceUpdated` event or a change on the instances screen refreshes
 * it too.
 */
import { INSTANCES_QUERY_KEY } from '../../lib/query-keys';

export const CHATBOT_KEY = ['chatbot'] as const;

export const chatbotKeys = {
  /** A scope's configuration: `null` is the tenant's default bot. */
  config: (instanceId: number | null) => [...CHATBOT_KEY, 'config', instanceId ?? 'default'] as const,
  configs: () => [...CHATBOT_KEY, 'config'] as const,
  departments: (source: string) => [...CHATBOT_KEY, 'departments', source] as const,
  closingReasons: () => [...CHATBOT_KEY, 'closing-reasons'] as const,
  instances: (source: string) => [...INSTANCES_QUERY_KEY, 'chatbot', source] as const,
};
