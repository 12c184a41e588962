import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';
/** Entries kept in sessionStorage (the newest): enough for any Back a person does. */
const MAX_ENTRIES = 100;
/** How long a restore waits for the page to grow tall enough (data, lazy chunks, later cards). */
export const RESTORE_WAIT_MS = 4000;

function load(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(
      Array.isArray(saved) ? saved.filter((e) => typeof e?.[0] === 'string' && Number.isFinite(e?.[1])) : [],
    );
  } catch {
    return new Map();
  }
}

function save(positions: Map<string, number>) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    // Private mode or full storage: positions live in memory only.
  }
}

const maxScroll = () => document.documentElement.scrollHeight - window.innerHeight;

function scrollTo(y: number) {
  try {
    window.scrollTo(0, y);
  } catch {
    // jsdom has no scrolling.
  }
}

/**
 * Scrolls like a browser does between documents, for the app's own navigations (issue 20; the
 * declarative router has no <ScrollRestoration>, decision 021): each history entry's position is
 * kept by its location.key (in sessionStorage, so a reload keeps them too); Back and Forward (and
 * a reload) return to it, waiting up to RESTORE_WAIT_MS for the page to be tall enough (a feed
 * shows its later cards after the first paint) and giving up as soon as the person scrolls; a
 * new page opens at its top. A change of the query string alone (a filter, replacing the entry)
 * and a navigation with `state.keepScroll` (a dialog over a list) keep the position.
 */
export function ScrollManager() {
  const location = useLocation();
  const type = useNavigationType();
  const [positions] = useState(load);
  const current = useRef<{ key: string; pathname: string } | null>(null);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const map = positions;
    const onScroll = () => {
      if (current.current) map.set(current.current.key, Math.round(window.scrollY));
    };
    const persist = () => save(map);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persist);
    };
  }, [positions]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per history entry.
  useLayoutEffect(() => {
    const map = positions;
    const previous = current.current;
    current.current = { key: location.key, pathname: location.pathname };
    if (previous) save(map);
    const keep = (location.state as { keepScroll?: boolean } | null)?.keepScroll === true;
    if (type === 'POP') {
      const y = map.get(location.key);
      // The first page of a visit with no position kept: where the browser put it (an anchor).
      if (y === undefined && !previous) return;
      return restore(y ?? 0);
    }
    if (keep || (type === 'REPLACE' && previous?.pathname === location.pathname)) return;
    if (location.hash) return;
    scrollTo(0);
  }, [location.key]);

  return null;
}

/** Scrolls to `y` once the page is tall enough for it; stops waiting when the person scrolls. */
function restore(y: number): () => void {
  let frame = 0;
  let done = false;
  const start = performance.now();
  const stop = () => {
    done = true;
    cancelAnimationFrame(frame);
    for (const event of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
      window.removeEventListener(event, stop);
  };
  for (const event of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
    window.addEventListener(event, stop, { passive: true });
  const attempt = () => {
    if (done) return;
    if (maxScroll() >= y - 1 || performance.now() - start > RESTORE_WAIT_MS) {
      scrollTo(y);
      stop();
      return;
    }
    scrollTo(y);
    frame = requestAnimationFrame(attempt);
  };
  attempt();
  return stop;
}
