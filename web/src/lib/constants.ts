/** Constants only the web app uses (SPEC §4, §9); the shared ones live in `contract/<area>.ts`. */

/** Toasts: one at a time, each shown 5 s. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export const THEME_STORAGE_KEY = 'theme';
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

/** Typing pauses this long before a search runs (the header search, Manage Admins). */
export const SEARCH_DEBOUNCE_MS = 300;
/** The uploader's retry delays. */
export const UPLOAD_RETRY_DELAYS = [0, 1000, 3000, 5000];
