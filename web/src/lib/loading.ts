/**
 * Global loading state (docs/contracts.md#entities-and-storage-keys, "loading overlay flag",
 * docs/contracts.md#states-and-transitions): the overlay flag that covers the screen with a
 * LoadingOverlay while set, and the count of HTTP requests in flight that drives the thin progress
 * bar. Both are counters, so overlapping users cannot switch each other off.
 */
import { useSyncExternalStore } from 'react';

export interface LoadingState {
  /** The loading overlay flag: true while anyone holds it. */
  overlay: boolean;
  /** True while at least one request of the HTTP client is in flight. */
  requests: boolean;
}

let overlayHolders = 0;
let pendingRequests = 0;
let state: LoadingState = { overlay: false, requests: false };
const listeners = new Set<() => void>();

function update(): void {
  const next = { overlay: overlayHolders > 0, requests: pendingRequests > 0 };
  if (next.overlay === state.overlay && next.requests === state.requests) return;
  state = next;
  listeners.forEach((listener) => listener());
}

/** Switches the overlay flag on; call the returned function to release it (idempotent). */
export function showLoadingOverlay(): () => void {
  overlayHolders += 1;
  update();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    overlayHolders -= 1;
    update();
  };
}

/** Keeps the overlay on for as long as `work` runs. */
export async function withLoadingOverlay<T>(work: Promise<T>): Promise<T> {
  const release = showLoadingOverlay();
  try {
    return await work;
  } finally {
    release();
  }
}

/** Counts a request as in flight until it settles (used by the HTTP client). */
export async function trackRequest<T>(work: Promise<T>): Promise<T> {
  pendingRequests += 1;
  update();
  try {
    return await work;
  } finally {
    pendingRequests -= 1;
    update();
  }
}

export function getLoadingState(): LoadingState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoadingState(): LoadingState {
  return useSyncExternalStore(subscribe, getLoadingState, getLoadingState);
}
