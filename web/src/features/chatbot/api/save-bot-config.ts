/**
 * PUT /api/bot/config?instanceId=N with the whole configuration → the saved configuration (route
 * `chatbot`). Options without a key are new: the server gives them one. 422 names the field
 * (`options[1].departmentId`, `businessHours[0].end`...). Saving an instance's configuration makes it
 * its own (no longer inherited); saving the default changes what every inheriting instance uses.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { chatbotKeys } from '../keys';
import { BotConfigSchema, type BotConfig, type BotConfigInput } from './schemas';

export function saveBotConfig(config: BotConfigInput): Promise<BotConfig> {
  return http.put('/api/bot/config', config, {
    query: { instanceId: config.instanceId ?? undefined },
    schema: BotConfigSchema,
  });
}

export function useSaveBotConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBotConfig,
    onSuccess: async (saved, sent) => {
      queryClient.setQueryData(chatbotKeys.config(sent.instanceId), saved);
      // The default changed: the instances that inherit it answer its new values.
      if (sent.instanceId === null) {
        await queryClient.invalidateQueries({
          queryKey: chatbotKeys.configs(),
          predicate: (query) => query.queryKey[2] !== 'default',
        });
      }
    },
  });
}
