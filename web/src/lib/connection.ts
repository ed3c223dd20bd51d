/**
 * Losing the connection: telling a failure to reach the server (offline, a screen's code that did
 * not arrive) from a real error, so the person is told to check the internet and try again instead
 * of being shown "500 Algo deu errado", and checking whether the server answers again before a retry.
 */
import { ApiError } from './http';

/** What a person is told when the app could not reach the server. */
export const CONNECTION_LOST_MESSAGE = 'Sem conexão. Verifique a internet e tente de novo.';

/**
 * What browsers say when a fetch or a dynamic import (a screen's lazy chunk) never got an answer:
 * Chromium, Firefox and Safari, plus the chunk load timeout of app/lazy.ts.
 */
const CONNECTION_FAILURES = [
  /Failed to fetch/i, // Chromium: fetch and "Failed to fetch dynamically imported module"
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /NetworkError when attempting to fetch resource/i, // Firefox fetch
  /^Load failed$/i, // Safari fetch
  /Unable to preload CSS/i, // Vite's preload of a chunk's styles
  /Tempo esgotado ao carregar a tela/i, // app/lazy.ts: a chunk that did not arrive in time
];

/** True for a failure to reach the server, as opposed to an answer or a bug in the page. */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 && error.code === 'network_error';
  if (!(error instanceof Error)) return false;
  if (CONNECTION_FAILURES.some((pattern) => pattern.test(error.message))) return true;
  // Whatever the wording, a TypeError thrown while the browser knows it is offline.
  return error instanceof TypeError && typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * True when the app's own origin answers (any HTTP status): reloading the page will then work,
 * while reloading offline would only swap our page for the browser's error page.
 */
export async function serverAnswers(): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  try {
    await fetch(window.location.href, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    return true;
  } catch {
    return false;
  }
}
