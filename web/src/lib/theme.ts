import { DEFAULT_THEME, THEME_STORAGE_KEY, type Theme } from '@web/lib/constants';
import { useSyncExternalStore } from 'react';

/** Theme preference (SPEC §4): light or dark, dark by default, kept under the key 'theme'. */
function readStored(): Theme {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

let current: Theme = DEFAULT_THEME;

/** The browser's bar colour per theme: each theme's --background (styles.css). */
export const THEME_COLORS: Record<Theme, string> = { dark: '#16180f', light: '#fafaf7' };
const listeners = new Set<() => void>();

/** Puts the theme's class on <html>: `dark` or `light`. */
export function applyTheme(theme: Theme): void {
  current = theme;
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  for (const listener of listeners) listener();
}

/** Applies the stored theme; main.tsx calls it before the first render (no inline script: CSP). */
export function initTheme(): Theme {
  const theme = readStored();
  applyTheme(theme);
  return theme;
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be unavailable (private mode); the theme still applies for this visit.
  }
  applyTheme(theme);
}

export function getTheme(): Theme {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The server renders before it can read the visitor's storage: its markup has the default theme.
 * Hydration starts from that too (the server snapshot), then renders again with the stored one,
 * so a light theme is no hydration mismatch (issue 20). What shows before then follows the class
 * that boot.js put on <html> (`dark:` variants), not this value.
 */
const serverTheme = (): Theme => DEFAULT_THEME;

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, getTheme, serverTheme);
  return { theme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}
