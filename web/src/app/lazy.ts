/** Code-splitting helpers for the router. */

/**
 * A screen's code that has not arrived after 120 seconds counts as failed
 * (docs/contracts.md#constants).
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * Wraps a dynamic import so it rejects after `timeoutMs` (the route then shows the error page)
 * instead of leaving the user on a blank screen forever.
 */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Tempo esgotado ao carregar a tela (${timeoutMs / 1000} s).`)),
        timeoutMs,
      );
      load()
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
}
