import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * Bookmarks (SPEC §2: a local toggle, no call): the ids of the posts a signed-in player saved,
 * kept in localStorage under `bookmarks:<userId>` as a JSON array. Every card reading the same
 * key stays in step, in this tab and in others.
 */
export const bookmarksKey = (userId: string) => `bookmarks:${userId}`;

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function readRaw(key: string | null): string | null {
  if (!key) return null;
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function parseBookmarks(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Adds or removes `postId` in the user's bookmarks; answers whether it is now bookmarked. */
export function toggleBookmark(userId: string, postId: string): boolean {
  const key = bookmarksKey(userId);
  const ids = parseBookmarks(readRaw(key));
  const next = ids.includes(postId) ? ids.filter((id) => id !== postId) : [...ids, postId];
  try {
    localStorage.setItem(key, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the toggle is lost, nothing else breaks.
  }
  for (const listener of listeners) listener();
  return next.includes(postId);
}

/** Whether `postId` is bookmarked by `userId` (never, when signed out), and a toggle. */
export function useBookmark(userId: string | null | undefined, postId: string) {
  const key = userId ? bookmarksKey(userId) : null;
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(key),
    () => null,
  );
  const isBookmarked = useMemo(() => parseBookmarks(raw).includes(postId), [raw, postId]);
  const toggle = useCallback(() => (userId ? toggleBookmark(userId, postId) : false), [userId, postId]);
  return { isBookmarked, toggle };
}
