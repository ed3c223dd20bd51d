/**
 * The period and filters of the dashboards and reports, kept in the URL (`?preset=30d`,
 * `?preset=custom&from=2026-11-01&to=2026-11-30`, `&instanceId=2&departmentId=3`, the analytics
 * dashboard's `&tagId=4`), so a reload, a
 * shared link and the tabs between the dashboards keep them. A preset is kept by name, so "últimos
 * 30 dias" still means the last 30 days tomorrow. Default: the last 30 days.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PeriodChoice } from '../../components/use-period-choice';
import type { AnalyticsFilters } from './keys';
import {
  DEFAULT_PRESET,
  periodError,
  presetPeriod,
  PRESETS,
  today,
  type Period,
  type PresetId,
} from '../../lib/period';

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

function presetFrom(value: string | null): PresetId {
  return PRESETS.some((preset) => preset.value === value) ? (value as PresetId) : DEFAULT_PRESET;
}

/** The period (a `PeriodChoice`, what components/PeriodFields shows) and the filters. */
export interface DashboardParams extends PeriodChoice {
  /** The instance and department; the tag only the analytics dashboard reads. */
  filters: AnalyticsFilters;
  setFilter: (name: keyof AnalyticsFilters, value: number | null) => void;
}

export function useDashboardParams(): DashboardParams {
  const [params, setParams] = useSearchParams();
  const todayDay = useMemo(() => today(), []);
  const preset = presetFrom(params.get('preset'));
  const from = params.get('from');
  const to = params.get('to');
  const period = useMemo<Period>(
    () => (preset === 'custom' ? { from: from ?? '', to: to ?? '' } : presetPeriod(preset, todayDay)),
    [preset, from, to, todayDay],
  );
  const instanceId = positiveInt(params.get('instanceId'));
  const departmentId = positiveInt(params.get('departmentId'));
  const tagId = positiveInt(params.get('tagId'));
  const filters = useMemo(() => ({ instanceId, departmentId, tagId }), [instanceId, departmentId, tagId]);

  const update = useCallback(
    (change: (next: URLSearchParams) => void) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setPreset = useCallback(
    (value: PresetId) =>
      update((next) => {
        next.set('preset', value);
        if (value === 'custom') {
          next.set('from', period.from);
          next.set('to', period.to);
        } else {
          next.delete('from');
          next.delete('to');
        }
      }),
    [update, period],
  );
  const setPeriod = useCallback(
    (value: Period) =>
      update((next) => {
        next.set('preset', 'custom');
        next.set('from', value.from);
        next.set('to', value.to);
      }),
    [update],
  );
  const setFilter = useCallback(
    (name: keyof AnalyticsFilters, value: number | null) =>
      update((next) => {
        if (value === null) next.delete(name);
        else next.set(name, String(value));
      }),
    [update],
  );

  return { preset, period, error: periodError(period), filters, setPreset, setPeriod, setFilter };
}
