/**
 * Registers the check-in page's service worker (public/check-in-sw.js, scope /events/) and asks
 * it to keep this page and the app's files it loaded, so a reload with no network still opens it.
 * Only the check-in page calls this.
 */
export async function registerCheckInWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  try {
    const registration = await navigator.serviceWorker.register('/check-in-sw.js', { scope: '/events/' });
    const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
    const urls = [
      location.pathname,
      ...performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((name) => new URL(name).pathname.startsWith('/assets/')),
      ...[
        ...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel][href]'),
      ].map((el) => ('src' in el && el.src ? el.src : (el as HTMLLinkElement).href)),
    ];
    worker?.postMessage({ type: 'keep', urls });
  } catch {
    // No service worker (private mode, old browser): the page still works while it stays open.
  }
}
