import { useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

export function getTheme(): Theme {
  return readStorage(storageKeys.theme) === 'dark' ? 'dark' : 'light';
}

/** Dark mode is the `dark` class on <html> (Tailwind's class variant), kept in local storage. */
export function applyTheme(theme: Theme = getTheme()): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

export function setTheme(theme: Theme): void {
  writeStorage(storageKeys.theme, theme);
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, getTheme, () => 'light' as Theme);
  return { theme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}
