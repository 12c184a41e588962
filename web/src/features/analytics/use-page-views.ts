import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export const PAGE_VIEW_URL = '/api/analytics/page-view';

const MAX_LENGTH = 500;

/**
 * Reports one page view to POST /api/analytics/page-view ({path, referrer?} → 204). It prefers
 * `navigator.sendBeacon` (survives the page closing) with a JSON Blob, since the server takes JSON
 * only; else a keepalive fetch with the cookies. Fire and forget: it never throws nor toasts.
 */
export function reportPageView(path: string, referrer?: string | null): void {
  try {
    const payload: { path: string; referrer?: string } = { path: path.slice(0, MAX_LENGTH) };
    if (referrer) payload.referrer = referrer.slice(0, MAX_LENGTH);
    const body = JSON.stringify(payload);
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      const queued = navigator.sendBeacon(PAGE_VIEW_URL, new Blob([body], { type: 'application/json' }));
      if (queued) return;
    }
    fetch(PAGE_VIEW_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'include',
    }).catch(() => {});
  } catch {
    // Analytics must never break the page.
  }
}

/**
 * Reports a page view on each pathname change (the query string and hash are not reported), once
 * per change: the same path twice in a row (a re-render, StrictMode's double effect) counts once.
 * The first view carries the document's referrer; later ones the previous in-app path.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (last.current === pathname) return;
    const referrer = last.current ?? (typeof document !== 'undefined' ? document.referrer : '');
    last.current = pathname;
    reportPageView(pathname, referrer);
  }, [pathname]);
}
