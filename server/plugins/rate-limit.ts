import rateLimit from '@fastify/rate-limit';
import type { App, AppConfig } from '../context';

/** Per-address limits on the routes that opt in (login, register); off with RATE_LIMITS=off. */
export async function registerRateLimit(app: App, config: AppConfig) {
  let redis: import('ioredis').Redis | undefined;
  if (config.redisUrl) {
    const { Redis } = await import('ioredis');
    redis = new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    // With limits off, every route's limit is lifted (load tests, benchmarks).
    allowList: () => !config.rateLimits,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many requests, please try again in ${Math.ceil(ctx.ttl / 1000)} seconds`,
    }),
  });
}

/** The limit for sign-in and registration: 10 attempts a minute per address. */
export const AUTH_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/** Anonymous analytics writes (page views; searches, which are recorded): 120 a minute per address. */
export const ANALYTICS_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;
