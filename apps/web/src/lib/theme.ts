import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from './storage';

export type Theme = 'light' | 'dark';
export const themeStorageKey = 'taya.theme';

const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

function systemTheme(): Theme {
  // jsdom and some embedded browsers have no matchMedia; dark suits the casino palette best.
  if (typeof window.matchMedia !== 'function') return 'dark';
  return window.matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
}

/** The saved choice if any, else what the operating system prefers. */
export function initialTheme(): Theme {
  const stored = readStored('local', themeStorageKey);
  return isTheme(stored) ? stored : systemTheme();
}

export function currentTheme(): Theme {
  const applied = document.documentElement.dataset.theme;
  return isTheme(applied) ? applied : initialTheme();
}

/** Applies a theme without saving it: used at start so the OS preference is not pinned. */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  for (const listener of listeners) listener();
}

export function setTheme(theme: Theme): void {
  writeStored('local', themeStorageKey, theme);
  applyTheme(theme);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'dark');
}
