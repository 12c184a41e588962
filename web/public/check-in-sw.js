/*
 * The check-in page's service worker (issue 25). Registered only by /events/{id}/check-in, with
 * the scope /events/, and it answers only two kinds of request, leaving every other one to the
 * browser as if it were not there:
 * - a navigation to /events/{id}/check-in: the network first; with no network, the copy kept
 *   from the last visit (the app shell);
 * - the app's own files under /assets/ that the page asked it to keep (message 'keep'): the
 *   network first, the kept copy with no network.
 */
const CACHE = 'check-in-v1';
const CHECK_IN_PAGE = /^\/events\/[^/]+\/check-in\/?$/;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'keep' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => {
    try {
      const url = new URL(u, self.location.origin);
      return (
        url.origin === self.location.origin &&
        (url.pathname.startsWith('/assets/') || CHECK_IN_PAGE.test(url.pathname))
      );
    } catch {
      return false;
    }
  });
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(
          urls.map((u) => cache.add(new Request(u, { credentials: 'same-origin' })).catch(() => undefined)),
        ),
      ),
  );
});

async function networkThenKept(request, cacheKey) {
  const cache = await caches.open(CACHE);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(cacheKey, answer.clone());
    return answer;
  } catch (error) {
    const kept = await cache.match(cacheKey, { ignoreSearch: true });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && CHECK_IN_PAGE.test(url.pathname)) {
    event.respondWith(networkThenKept(request, url.pathname.replace(/\/$/, '')));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(CACHE).then(async (cache) => {
        const kept = await cache.match(request);
        if (!kept) return fetch(request);
        // Kept copies are immutable (hashed names): the kept one is the same file.
        return kept;
      }),
    );
  }
});
