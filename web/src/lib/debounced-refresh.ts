/**
 * A screen read again shortly after a burst of socket events that change it — once per burst.
 * app/realtime.ts hands every event to each screen's scheduler; while the screen is not shown,
 * invalidating its query only marks it stale. One timer per query client (tests make several).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export function debouncedRefresh(
  events: readonly string[],
  queryKey: () => QueryKey,
  delayMs: number,
): (queryClient: QueryClient, event: string) => void {
  const timers = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>();
  return (queryClient, event) => {
    if (!events.includes(event)) return;
    const pending = timers.get(queryClient);
    if (pending !== undefined) clearTimeout(pending);
    timers.set(
      queryClient,
      setTimeout(() => {
        timers.delete(queryClient);
        void queryClient.invalidateQueries({ queryKey: queryKey() });
      }, delayMs),
    );
  };
}
