import { createRequire } from 'node:module';
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
} from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { App, AppConfig } from '../context';

/** How long a Redis connect or command may take before the limits count in this process instead. */
export const REDIS_TIMEOUT_MS = 500;

/** The store contract of @fastify/rate-limit (its LocalStore and RedisStore both keep it), with `read`. */
interface Store extends FastifyRateLimitStore {
  read?: FastifyRateLimitStore['incr'];
}
type Done = Parameters<Store['incr']>[1];
type RouteOptions = Parameters<Store['child']>[0];
type StoreClass = new (...args: any[]) => Store;

// The plugin's own stores (it exports no path for them; the package has no exports map).
const require = createRequire(import.meta.url);
const LocalStore: StoreClass = require('@fastify/rate-limit/store/LocalStore.js');
const RedisStore: StoreClass = require('@fastify/rate-limit/store/RedisStore.js');

/** How often a Redis found silent is asked again (PING) whether it answers. */
const REDIS_PROBE_MS = 1_000;

/**
 * Whether Redis answers, with one warning when it stops and one line when it is back. A store asks
 * `shared()` before each count: false while the connection is not ready, and from a failed or
 * timed-out command until a PING answers again, so no request waits for a Redis that is down or
 * silent (at most one waits REDIS_TIMEOUT_MS, the one that finds it out).
 */
class RedisHealth {
  private down = false;
  private probe: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly redis: import('ioredis').Redis,
    private readonly where: string,
    private readonly log: FastifyBaseLogger,
  ) {
    redis.on('error', (err: Error) => this.failed(err));
    redis.on('ready', () => this.back());
  }

  shared(): boolean {
    return !this.down && this.redis.status === 'ready';
  }

  failed(err: Error) {
    if (this.down || this.closed) return;
    this.down = true;
    this.log.warn(
      `Redis at ${this.where} does not answer (${err.message}): rate limits count in this process until it does`,
    );
    this.watch();
  }

  close() {
    this.closed = true;
    clearTimeout(this.probe);
  }

  private watch() {
    this.probe = setTimeout(async () => {
      try {
        if (this.redis.status === 'ready') {
          await this.redis.ping();
          return this.back();
        }
      } catch {
        // Still silent: asked again below.
      }
      if (this.down && !this.closed) this.watch();
    }, REDIS_PROBE_MS);
    this.probe.unref();
  }

  private back() {
    if (!this.down || this.closed) return;
    this.down = false;
    clearTimeout(this.probe);
    this.log.info(`Redis at ${this.where} answers again: rate limits are shared again`);
  }
}

/**
 * Counts in Redis while it answers (every instance shares the count), else in this process: a
 * Redis that is unreachable, silent or slower than REDIS_TIMEOUT_MS never holds up a login, and
 * the limits still apply, per process (decision 024).
 */
function sharedOrLocalStore(health: RedisHealth, redis: import('ioredis').Redis): FastifyRateLimitStoreCtor {
  class SharedOrLocal implements Store {
    constructor(
      private readonly remote: Store,
      private readonly local: Store,
    ) {}

    incr(key: string, cb: Done, timeWindow: number, max: number) {
      this.count('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Done, timeWindow: number, max: number) {
      this.count('read', key, cb, timeWindow, max);
    }

    private count(how: 'incr' | 'read', key: string, cb: Done, timeWindow: number, max: number) {
      const local = () => this.local[how]?.(key, cb, timeWindow, max);
      if (!health.shared()) return local();
      this.remote[how]?.(
        key,
        (err, res) => {
          if (!err) return cb(null, res);
          health.failed(err);
          local();
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions): Store {
      return new SharedOrLocal(this.remote.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return class extends SharedOrLocal {
    // The plugin passes its global parameters, these two among them.
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      super(
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis),
        new LocalStore(params.continueExceeding, params.exponentialBackoff),
      );
    }
  };
}

/**
 * Per-address limits on the routes that opt in (login, register); off with RATE_LIMITS=off. With
 * REDIS_URL the counts are shared through Redis, falling back to this process's counts (with a
 * warning) while Redis does not answer within REDIS_TIMEOUT_MS.
 */
export async function registerRateLimit(app: App, config: AppConfig) {
  let store: FastifyRateLimitStoreCtor | undefined;
  if (config.redisUrl) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(config.redisUrl, {
      connectTimeout: REDIS_TIMEOUT_MS,
      commandTimeout: REDIS_TIMEOUT_MS,
      // Commands are sent only while the connection is ready; none wait in a queue for it.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
    });
    const url = new URL(config.redisUrl);
    const health = new RedisHealth(redis, `${url.hostname}:${url.port || 6379}`, app.log);
    store = sharedOrLocalStore(health, redis);
    app.addHook('onClose', async () => {
      health.close();
      redis.disconnect();
    });
    // The start waits for Redis as long as a request would, no longer: then the limits are shared
    // from the first request, or count here (the warning says why) until Redis answers.
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done);
        redis.off('error', done);
        resolve();
      };
      const timer = setTimeout(done, REDIS_TIMEOUT_MS);
      redis.once('ready', done);
      redis.once('error', done);
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(store ? { store } : {}),
    keyGenerator: rateLimitKey,
    // With limits off, every route's limit is lifted (load tests, benchmarks).
    allowList: () => !config.rateLimits,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests, please try again in ${Math.ceil(ctx.ttl / 1000)} seconds`,
    }),
  });
}

/**
 * The address a limit counts by, as the plugin's default counts it; a request whose client has
 * already gone has no address (`request.ip` is undefined, which the default key threw on: a 500
 * and a stack per request under overload, found by bench:players): it is counted under one key.
 */
export const rateLimitKey = (request: { ip?: string }) =>
  request.ip === undefined ? 'gone' : normalizeIP(request.ip);

/** The limit for sign-in and registration: 10 attempts a minute per address. */
export const AUTH_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/**
 * The site's pages as HTML (the server-rendered `/`, a profile, an event...; and any other app
 * path): 300 a minute per address (issue 24). A player asks for one at each visit (the app then
 * moves between pages without one); a script asking for thousands is refused before it costs a render.
 */
export const PAGE_RATE_LIMIT = { max: 300, timeWindow: '1 minute' } as const;

/** Anonymous analytics writes (page views; searches, which are recorded): 120 a minute per address. */
export const ANALYTICS_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;
