/**
 * A period chosen in a dialog (lib/period.ts: presets or two days), held in the component's state —
 * where the dashboards keep theirs in the URL (features/analytics/use-dashboard-params.ts). Both
 * are a `PeriodChoice`, what `PeriodFields` shows and changes.
 */
import { useMemo, useState } from 'react';
import { DEFAULT_PRESET, periodError, presetPeriod, today, type Period, type PresetId } from '../lib/period';

export interface PeriodChoice {
  preset: PresetId;
  /** What the fields show (may be invalid while a custom range is typed). */
  period: Period;
  /** Why the period cannot be asked for, or null. */
  error: string | null;
  setPreset: (preset: PresetId) => void;
  setPeriod: (period: Period) => void;
}

export function usePeriodChoice(initial: PresetId = DEFAULT_PRESET): PeriodChoice {
  const todayDay = useMemo(() => today(), []);
  const [preset, setPresetState] = useState<PresetId>(initial);
  const [custom, setCustom] = useState<Period>(() =>
    initial === 'custom' ? { from: todayDay, to: todayDay } : presetPeriod(initial, todayDay),
  );
  const period = preset === 'custom' ? custom : presetPeriod(preset, todayDay);
  return {
    preset,
    period,
    error: periodError(period),
    setPreset: (next) => {
      // "Personalizado" starts from the period shown, as the dashboards' picker does.
      if (next === 'custom') setCustom(period);
      setPresetState(next);
    },
    setPeriod: (next) => {
      setCustom(next);
      setPresetState('custom');
    },
  };
}
