/**
 * PUT /api/dashboard/control-panel/settings `{thresholdMinutes}` (administrators: route `users`;
 * 1–1440) → the settings; the panel is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { analyticsKeys } from '../keys';

export const MIN_THRESHOLD_MINUTES = 1;
export const MAX_THRESHOLD_MINUTES = 1440;

export function setControlPanelSettings(thresholdMinutes: number): Promise<unknown> {
  return http.put('/api/dashboard/control-panel/settings', { thresholdMinutes });
}

export function useSetControlPanelSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setControlPanelSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.controlPanel() }),
  });
}
