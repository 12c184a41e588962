import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { App } from '../context';

interface Kept {
  headers: ReturnType<FastifyReply['getHeaders']>;
  body: Buffer | string;
}

const STORE = Symbol('signedOutCacheKey');

type Marked = FastifyRequest & { [STORE]?: string };

/**
 * A signed-out visitor's API reads, kept finished for `ms` (SIGNED_OUT_CACHE_MS, default 1,000;
 * 0 turns it off; decision 038): a GET of a route marked `signedOutCache` from a request without
 * a session cookie is answered with the bytes and headers the same address and Accept-Encoding
 * were answered with less than `ms` ago, before the session, the handler, its database reads, the
 * serializer and the compression run. Such an answer is the same for every signed-out visitor
 * (the routes marked are those whose answer depends on nothing else: not the search, which
 * records each search, nor anything personal). Kept: 200 answers without a Set-Cookie. It is not
 * emptied by writes: a signed-out visitor sees a change within `ms`, as through a shared HTTP
 * cache with that max-age; a signed-in player (who writes) never reads from it. Bounded to 5,000
 * answers and 64 MiB, one per process.
 *
 * Its hook runs before the session's and every route's own hooks: a marked route must not have a
 * rate limit of its own (the limits are per route, opted into; none of the marked routes has one).
 */
export function registerSignedOutCache(app: App, ms: number, sessionCookie: string) {
  if (ms <= 0) return;
  // Whether the request carries a session cookie (valid or not: only a request without one is anyone's).
  const hasSession = new RegExp(`(?:^|;)\\s*${sessionCookie}=`);
  const carriesSession = (request: FastifyRequest) => hasSession.test(request.headers.cookie ?? '');
  const kept = new LRUCache<string, Kept>({
    max: 5_000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (k, key) =>
      key.length + (typeof k.body === 'string' ? k.body.length * 2 : k.body.length) + 512,
    ttl: ms,
    ttlResolution: 0,
  });

  app.addHook('onRequest', (request: Marked, reply, done) => {
    if (request.method !== 'GET' || !request.routeOptions.config?.signedOutCache || carriesSession(request))
      return done();
    const key = `${request.url}\n${request.headers['accept-encoding'] ?? ''}`;
    const hit = kept.get(key);
    if (!hit) {
      request[STORE] = key;
      return done();
    }
    reply.headers(hit.headers);
    reply.send(hit.body);
  });

  // A route's own onSend hooks run after the app's: added to the route after the compression's,
  // this one keeps the bytes as they leave.
  app.addHook('onRoute', (route) => {
    if (!route.config?.signedOutCache) return;
    const hooks =
      route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...hooks, keep] as typeof route.onSend;
  });

  function keep(
    request: Marked,
    reply: FastifyReply,
    payload: unknown,
    done: (err: null, payload: unknown) => void,
  ) {
    const key = request[STORE];
    if (
      key !== undefined &&
      reply.statusCode === 200 &&
      reply.getHeader('set-cookie') === undefined &&
      (typeof payload === 'string' || Buffer.isBuffer(payload))
    ) {
      const headers = { ...reply.getHeaders() };
      delete headers['content-length'];
      kept.set(key, { headers, body: payload });
    }
    done(null, payload);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET whose answer to a request without a session is the same for every such request (it
     * reads nothing from the request but its address): kept finished for SIGNED_OUT_CACHE_MS.
     */
    signedOutCache?: boolean;
  }
}
