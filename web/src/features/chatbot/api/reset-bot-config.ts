/**
 * DELETE /api/bot/config?instanceId=N → 204 (route `chatbot`): the instance drops its own
 * configuration and goes back to the default's.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { chatbotKeys } from '../keys';

export async function resetBotConfig(instanceId: number): Promise<void> {
  await http.delete('/api/bot/config', { query: { instanceId } });
}

export function useResetBotConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetBotConfig,
    onSuccess: (_, instanceId) => queryClient.invalidateQueries({ queryKey: chatbotKeys.config(instanceId) }),
  });
}
