/**
 * UI preferences kept in localStorage (defaults: docs/contracts.md#states-and-transitions):
 * theme light, layout vertical, sidebar collapsed, language pt_BR. React reads them with
 * `usePreferences()`.
 */
import { useSyncExternalStore } from 'react';

export const THEMES = ['light', 'dark', 'semi-dark'] as const;
export const LAYOUTS = ['vertical', 'horizontal'] as const;
export const LANGUAGES = ['pt_BR', 'pt', 'en'] as const;

export type ThemeName = (typeof THEMES)[number];
export type LayoutType = (typeof LAYOUTS)[number];
export type Language = (typeof LANGUAGES)[number];

export interface Preferences {
  theme: ThemeName;
  layoutType: LayoutType;
  sidebarCollapsed: boolean;
  language: Language;
}

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'light',
  layoutType: 'vertical',
  sidebarCollapsed: true,
  language: 'pt_BR',
};

/** localStorage key of each preference. */
export const PREFERENCE_KEYS: Record<keyof Preferences, string> = {
  theme: 'theme',
  layoutType: 'layoutType',
  sidebarCollapsed: 'sidebarCollapsed',
  language: 'language',
};

function oneOf<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return allowed.find((item) => item === value) ?? fallback;
}

function read(): Preferences {
  const get = (key: keyof Preferences) => localStorage.getItem(PREFERENCE_KEYS[key]);
  const collapsed = get('sidebarCollapsed');
  return {
    theme: oneOf(THEMES, get('theme'), DEFAULT_PREFERENCES.theme),
    layoutType: oneOf(LAYOUTS, get('layoutType'), DEFAULT_PREFERENCES.layoutType),
    sidebarCollapsed: collapsed === null ? DEFAULT_PREFERENCES.sidebarCollapsed : collapsed === 'true',
    language: oneOf(LANGUAGES, get('language'), DEFAULT_PREFERENCES.language),
  };
}

let snapshot: Preferences | null = null;
const listeners = new Set<() => void>();

export function getPreferences(): Preferences {
  snapshot ??= read();
  return snapshot;
}

export function setPreference<K extends keyof Preferences>(key: K, value: Preferences[K]): void {
  localStorage.setItem(PREFERENCE_KEYS[key], String(value));
  snapshot = null;
  listeners.forEach((listener) => listener());
}

const ownKeys = new Set(Object.values(PREFERENCE_KEYS));
if (typeof window !== 'undefined') {
  // Another tab changed a preference: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== null && !ownKeys.has(event.key)) return;
    snapshot = null;
    listeners.forEach((listener) => listener());
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribe, getPreferences, getPreferences);
}
