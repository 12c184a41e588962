import type { App } from '../context';
import { isApiRoute } from '../lib/http';

/** What a shared cache must never keep, nor the browser write to disk: an answer for one viewer. */
export const PERSONAL_CACHE = 'private, no-store';

/**
 * Every API answer to a signed-in viewer carries that viewer's own data (their abilities, likes,
 * invites, application, `viewerStatus`, the gear left to rate): it goes out `private, no-store`
 * unless its route said otherwise (an image proxied for anyone, the public calendar). Call after
 * registerCurrentUser.
 */
export function registerPersonalCache(app: App) {
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (request.user && isApiRoute(request) && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', PERSONAL_CACHE);
    done();
  });
}
