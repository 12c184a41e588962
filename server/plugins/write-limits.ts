import type { FastifyRequest, RouteOptions } from 'fastify';
import type { App, AppConfig } from '../context';
import { HttpError, unauthorized } from '../errors';
import { rateLimitKey } from './rate-limit';

/**
 * Limits on every state-changing route (issue 24, anti-automation): how many times an hour one
 * account, and one address (an IPv6 address by its /64), may call it. A real player never meets
 * them; a script that floods the feed or rates with many accounts does. The README's "Limits on
 * writes" lists this table. `session`: the route needs a signed-in player, which is checked
 * before the body is read (401 before 400 or 413). Every row must name a real route, or the start
 * fails.
 */
export interface WriteLimit {
  /** Calls an hour per account (signed in). */
  account: number;
  /** Calls an hour per address. */
  address: number;
  session: boolean;
  /** The window both counts are over, when not an hour (the data export: a day). */
  windowMs?: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const row = (account: number, address: number, session = true, windowMs?: number): WriteLimit => ({
  account,
  address,
  session,
  ...(windowMs ? { windowMs } : {}),
});
/** An admin's writes: many, but not a script's flood from a stolen session. */
const ADMIN = row(600, 1200);

export const WRITE_LIMITS: Record<string, WriteLimit> = {
  // Posts, comments, likes, bookmarks
  'POST /api/posts': row(10, 30),
  'DELETE /api/posts/:id': row(60, 180),
  'PUT /api/post-images': row(30, 90),
  'POST /api/posts/:id/comments': row(60, 180),
  'PATCH /api/comments/:commentId': row(60, 180),
  'DELETE /api/comments/:commentId': row(60, 180),
  'POST /api/posts/:id/like': row(300, 900),
  'DELETE /api/posts/:id/like': row(300, 900),
  'PUT /api/posts/:id/bookmark': row(300, 900),
  'DELETE /api/posts/:id/bookmark': row(300, 900),
  // Registration (besides its 10 a minute): each sends a mail when SMTP_URL is set (issue 24)
  'POST /api/register': row(10, 30, false),
  'POST /api/register/confirm': row(10, 30, false),
  // Players
  'POST /api/follow/:userId': row(100, 300),
  'POST /api/unfollow/:userId': row(100, 300),
  'PATCH /api/profile': row(30, 90),
  'POST /api/user/password': row(10, 30),
  'POST /api/user/sessions/revoke-others': row(20, 60),
  'DELETE /api/user': row(5, 20),
  'POST /api/logout': row(60, 300, false),
  'POST /api/user/calendar-token': row(10, 30),
  'POST /api/user/export': row(3, 10, true, DAY_MS),
  // Teams
  'POST /api/teams': row(5, 15),
  'PATCH /api/teams/:id': row(30, 90),
  'DELETE /api/teams/:id': row(5, 15),
  'POST /api/teams/:id/transfer': row(10, 30),
  'DELETE /api/teams/:id/members/:userId': row(60, 180),
  'PATCH /api/teams/:id/members/:userId/role': row(60, 180),
  'POST /api/teams/:id/leave': row(20, 60),
  'POST /api/teams/:id/applications': row(20, 60),
  'POST /api/team-applications/:id/respond': row(100, 300),
  'POST /api/teams/:id/invites': row(50, 150),
  'DELETE /api/teams/:id/invites/:inviteId': row(50, 150),
  'POST /api/team-invites/:id/respond': row(50, 150),
  'POST /api/teams/:id/gallery': row(30, 90),
  'DELETE /api/teams/:id/gallery/:itemId': row(60, 180),
  // Events
  'POST /api/events/:id/registration': row(60, 180),
  'DELETE /api/events/:id/registration': row(60, 180),
  'PATCH /api/events/:id/registration': row(60, 180),
  // Game day (issue 25): organisers' writes; the gate's scans come fast, from a few phones that
  // may share one address (the field's hotspot).
  'PUT /api/events/:id/waiver': row(30, 90),
  'DELETE /api/events/:id/waiver': row(30, 90),
  'POST /api/events/:id/messages': row(20, 60),
  'POST /api/events/:id/roster/:userId/side': row(300, 900),
  'POST /api/events/:id/squads': row(20, 60),
  'POST /api/events/:id/squads/:squadId/confirm': row(60, 180),
  'POST /api/events/:id/check-ins': row(2000, 6000),
  'POST /api/events/:id/check-ins/batch': row(600, 1800),
  'POST /api/events/:id/chrono': row(2000, 6000),
  'POST /api/events/:id/chrono/batch': row(600, 1800),
  'POST /api/events/:id/roster/:userId/waiver': row(600, 1800),
  'POST /api/user/replicas': row(30, 90),
  'PATCH /api/user/replicas/:id': row(60, 180),
  'DELETE /api/user/replicas/:id': row(60, 180),
  // Carpools (issue 26)
  'POST /api/events/:id/rides': row(20, 60),
  // Weekly games (issue 26)
  'POST /api/events/:id/series': row(20, 60),
  'POST /api/events/:id/confirm': row(120, 360),
  // Saved searches (issue 26): at most 20 kept, so a few saves an hour
  'POST /api/user/saved-searches': row(30, 90),
  'DELETE /api/user/saved-searches/:id': row(60, 180),
  'DELETE /api/rides/:rideId': row(60, 180),
  'POST /api/rides/:rideId/requests': row(60, 180),
  'POST /api/ride-requests/:requestId/respond': row(120, 360),
  // An event's discussion (issue 26): the post comments' limits
  'POST /api/events/:id/comments': row(60, 180),
  'PATCH /api/events/:id/comments/:commentId': row(60, 180),
  'DELETE /api/events/:id/comments/:commentId': row(60, 180),
  // Gear and fields: uploads, ratings
  'POST /api/gear': row(20, 60),
  'DELETE /api/gear/:id': row(60, 180),
  'POST /api/gear/:id/rate': row(200, 600),
  'POST /api/fields/:id/rate': row(100, 300),
  // Uploads, images, notifications
  'POST /api/objects/upload': row(60, 180),
  'PUT /api/objects/upload/:id': row(60, 180, false),
  'POST /api/image-proxy/check': row(300, 900),
  'POST /api/notifications/read': row(600, 1800),
  'PUT /api/notifications/preferences': row(60, 180),
  'POST /api/notifications/unsubscribe': row(30, 60, false),
  // Reports (issue 24)
  'POST /api/reports': row(20, 60),
  // Admins
  'POST /api/admin/products': ADMIN,
  'PATCH /api/admin/products/:id': ADMIN,
  'POST /api/admin/products/import/preview': ADMIN,
  'POST /api/admin/products/import': ADMIN,
  'POST /api/admin/stores': ADMIN,
  'PATCH /api/admin/stores/:id': ADMIN,
  'DELETE /api/admin/stores/:id': ADMIN,
  'PATCH /api/admin/users/:id/role': ADMIN,
  'POST /api/admin/blocked-words': ADMIN,
  'DELETE /api/admin/blocked-words/:id': ADMIN,
  'POST /api/admin/tutorials': ADMIN,
  'PUT /api/admin/tutorials/:id': ADMIN,
  'DELETE /api/admin/tutorials/:id': ADMIN,
  'POST /api/admin/news': ADMIN,
  'PUT /api/admin/news/:id': ADMIN,
  'DELETE /api/admin/news/:id': ADMIN,
  'POST /api/admin/fields': ADMIN,
  'PATCH /api/admin/fields/:id': ADMIN,
  'POST /api/admin/fields/:id/verify': ADMIN,
  'DELETE /api/admin/fields/:id': ADMIN,
  'PUT /api/admin/fields/:id/waiver': ADMIN,
  'DELETE /api/admin/fields/:id/waiver': ADMIN,
  'POST /api/events': ADMIN,
  'PATCH /api/events/:id': ADMIN,
  'DELETE /api/events/:id': ADMIN,
  'POST /api/events/import': ADMIN,
  'POST /api/admin/reports/:id/actions': ADMIN,
};

/**
 * Routes that need a signed-in player and are not writes: their session is checked before the
 * query is validated too (401 before 400).
 */
export const SESSION_READS = [
  'GET /api/gear/to-rate',
  'GET /api/user/invites',
  'GET /api/user/bookmarks',
  'GET /api/teams/:id/applications',
  'GET /api/teams/:id/invites',
  'GET /api/notifications',
  'GET /api/notifications/unread-count',
  'GET /api/notifications/preferences',
  'GET /api/user/calendar-token',
];

/** Writes limited by a limit of their own (login, analytics beacons), not by the table. */
export const OWN_LIMIT = ['POST /api/login', 'POST /api/analytics/page-view'];

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const routeKeys = (route: Pick<RouteOptions, 'method' | 'url'>) =>
  (Array.isArray(route.method) ? route.method : [route.method]).map((m) => `${m} ${route.url}`);

/**
 * Adds the table's limits, and the session check of the routes that need one, to each route as it
 * is registered (an onRoute hook: the route files stay as they are). Both run in the route's
 * onRequest hooks, after the session is read and before the body is: a signed-out call answers
 * 401, a call past a limit 429 with Retry-After, whatever its body. Counted in the rate-limit
 * store (shared through REDIS_URL); RATE_LIMITS=off lifts them. Call after registerRateLimit and
 * before the routes.
 */
export function registerWriteLimits(app: App, config: AppConfig) {
  const seen = new Set<string>();
  const sessionReads = new Set(SESSION_READS);
  /** The writes registered with neither a row nor a limit of their own (a test lists them). */
  const unlisted: string[] = [];
  app.decorate('writeRoutesUnlisted', unlisted);

  app.addHook('onRoute', (route) => {
    for (const key of routeKeys(route)) {
      const method = key.split(' ')[0];
      const limit = WRITE_LIMITS[key];
      seen.add(key);
      const hooks: Array<(request: FastifyRequest) => Promise<void>> = [];
      if (limit?.session || sessionReads.has(key)) hooks.push(requireSession);
      if (limit) hooks.push(limiter(app, config, key, limit));
      else if (WRITE_METHODS.has(method) && route.url.startsWith('/api/') && !OWN_LIMIT.includes(key))
        unlisted.push(key);
      if (hooks.length === 0) continue;
      const ours = async (request: FastifyRequest) => {
        if (request.method !== method) return;
        for (const hook of hooks) await hook(request);
      };
      const existing = route.onRequest;
      route.onRequest = [...(existing ? (Array.isArray(existing) ? existing : [existing]) : []), ours];
    }
  });

  app.addHook('onReady', async () => {
    const missing = Object.entries(WRITE_LIMITS)
      .filter(([key]) => !seen.has(key))
      .map(([key]) => key);
    const missingReads = SESSION_READS.filter((key) => !seen.has(key));
    if (missing.length > 0 || missingReads.length > 0)
      throw new Error(
        `server/plugins/write-limits.ts names routes that do not exist: ${[...missing, ...missingReads].join(', ')}`,
      );
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes registered with no row in WRITE_LIMITS and no limit of their own (for the tests). */
    writeRoutesUnlisted: string[];
  }
}

async function requireSession(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
}

/** The hook that counts one route's calls per account and per address. */
function limiter(app: App, config: AppConfig, key: string, limit: WriteLimit) {
  const { account, address } = config.writeLimits ?? limit;
  const timeWindow = limit.windowMs ?? HOUR_MS;
  const perAccount = app.createRateLimit({
    max: account,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => `${key} account ${request.user?.id}`,
  });
  const perAddress = app.createRateLimit({
    max: address,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => `${key} address ${rateLimitKey(request)}`,
  });
  const refuse = (ttlMs: number, who: string) => {
    const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
    const minutes = Math.ceil(seconds / 60);
    // Over two hours (a day's window): in hours.
    const hours = Math.ceil(minutes / 60);
    const wait = minutes > 120 ? `${hours} hours` : minutes === 1 ? '1 minute' : `${minutes} minutes`;
    return new HttpError(429, `Too many requests ${who}: please try again in ${wait}`, undefined, {
      'Retry-After': String(seconds),
    });
  };
  return async (request: FastifyRequest) => {
    if (request.user) {
      const counted = await perAccount(request);
      if (!counted.isAllowed && counted.isExceeded) throw refuse(counted.ttl, 'from this account');
    }
    const counted = await perAddress(request);
    if (!counted.isAllowed && counted.isExceeded) throw refuse(counted.ttl, 'from this address');
  };
}
