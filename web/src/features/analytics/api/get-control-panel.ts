/**
 * GET /api/dashboard/control-panel (route `dashboard-control-panel`; docs/analytics.md): the live
 * queue, read from the tickets themselves. Read again 500 ms after a burst of ticket events
 * (../realtime.ts) and every 30 s in case an event was missed.
 */
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { analyticsKeys } from '../keys';
import { ControlPanelSchema, type ControlPanel } from './schemas';

/** The safety net: the panel is read again this often even without events. */
export const CONTROL_PANEL_INTERVAL_MS = 30_000;

export function getControlPanel(): Promise<ControlPanel> {
  return http.get('/api/dashboard/control-panel', { schema: ControlPanelSchema });
}

export function useControlPanel() {
  return useQuery({
    queryKey: analyticsKeys.controlPanel(),
    queryFn: getControlPanel,
    refetchInterval: CONTROL_PANEL_INTERVAL_MS,
  });
}
