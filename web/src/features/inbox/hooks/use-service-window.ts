/**
 * A ticket's 24-hour window as time passes: worked out again every `WINDOW_TICK_MS` while open, and
 * at the very instant it closes, so what depends on it — the header's chip, the composer giving way
 * to the template picker — turns without a reload.
 */
import { useEffect, useState } from 'react';
import { closingTime, serviceWindow, WINDOW_TICK_MS, type ServiceWindow } from '../window';

export function useServiceWindow(windowClosesAt: string | null | undefined): ServiceWindow {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const closesAt = closingTime(windowClosesAt);
    // No window, or shown closed already: nothing will change until the ticket does.
    if (closesAt === null || now >= closesAt) return;
    // The next tick, or the closing instant if sooner (at once when `now` is older than this
    // ticket's closing time: another ticket's, or a timer that fired early).
    const left = Math.max(closesAt - Date.now(), 0);
    const timer = setTimeout(() => setNow(Date.now()), Math.min(left, WINDOW_TICK_MS));
    return () => clearTimeout(timer);
  }, [windowClosesAt, now]);
  return serviceWindow(windowClosesAt, now);
}
