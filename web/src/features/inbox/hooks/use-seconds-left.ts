/**
 * The whole seconds left until `deadline` (ms since the epoch), renewed as each second passes and
 * at the deadline itself; null without a deadline. An offer's countdown (../offer.ts).
 */
import { useEffect, useState } from 'react';
import { secondsLeft } from '../offer';

export function useSecondsLeft(deadline: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null || now >= deadline) return;
    // The next whole second of the countdown (at once when `now` is older than it: a timer that
    // fired early, or another deadline's).
    const left = Math.max(deadline - Date.now(), 0);
    const timer = setTimeout(() => setNow(Date.now()), left % 1000 || Math.min(left, 1000));
    return () => clearTimeout(timer);
  }, [deadline, now]);
  return deadline === null ? null : secondsLeft(deadline, now);
}
